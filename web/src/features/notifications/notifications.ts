import type { Schemas } from '../../api/client';

export type NotificationRecord = Schemas['NotificationRecordResource'];
export type Delivery = Schemas['DeliveryResource'];
export type NotifyResult = Schemas['NotifyResultResource'];

/** The channels `POST /notify` may name (webhook exists only as a connection's channel). */
export const HUB_CHANNELS = ['email', 'ntfy', 'ha_tts'] as const;
export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

export interface CircuitState {
  state: 'closed' | 'open' | 'half_open';
  consecutiveFailures: number;
  openings: number;
  openUntil?: string | number;
  /** Sent by servers that tell whether the channel's environment settings are complete. */
  configured?: boolean;
  missing?: string;
}

export interface ChannelsHealth {
  status: string;
  channels: Record<string, CircuitState>;
}

export const STATE_COLORS: Record<string, string> = {
  delivered: 'teal',
  ok: 'teal',
  closed: 'teal',
  pending: 'blue',
  half_open: 'yellow',
  partial: 'yellow',
  skipped: 'gray',
  failed: 'red',
  open: 'red',
  sent: 'teal',
  blocked: 'orange',
};

export interface NotificationFilter {
  sourceAgent: string;
  status: string | null;
  channel: string | null;
}

/** The filter form → `GET /notifications` query parameters (empty fields are left out). */
export function filterQuery(filter: NotificationFilter): Record<string, string | undefined> {
  return {
    sourceAgent: filter.sourceAgent.trim() || undefined,
    status: filter.status ?? undefined,
    channel: filter.channel ?? undefined,
  };
}

/** The test form → the `POST /notify` body (snake_case field names); no channels = the routing table decides. */
export function notifyBody(form: {
  sourceAgent: string;
  title: string;
  body: string;
  priority: string;
  channels: string[];
}): Record<string, unknown> {
  return {
    source_agent: form.sourceAgent.trim(),
    title: form.title.trim(),
    body: form.body,
    priority: form.priority,
    ...(form.channels.length > 0 ? { channels: form.channels } : {}),
  };
}

/** One line per delivery for the collapsed row: `ntfy delivered`, `email failed ×3`. */
export function deliverySummary(deliveries: Pick<Delivery, 'channel' | 'state' | 'attemptCount'>[]): string {
  if (deliveries.length === 0) return 'no channel';
  return deliveries
    .map(
      (delivery) =>
        `${delivery.channel} ${delivery.state}${delivery.attemptCount > 1 ? ` ×${delivery.attemptCount}` : ''}`,
    )
    .join(', ');
}

/** What a channel's health line says: its breaker, and why it is skipped when its settings are missing. */
export function channelHealth(channel: CircuitState): { label: string; color: string; detail?: string } {
  if (channel.configured === false)
    return {
      label: 'not configured',
      color: 'gray',
      detail: channel.missing ? `${channel.missing} is not set` : undefined,
    };
  const label = channel.state === 'half_open' ? 'half open' : channel.state;
  const detail = channel.consecutiveFailures > 0 ? `${channel.consecutiveFailures} failures in a row` : undefined;
  return { label, color: STATE_COLORS[channel.state] ?? 'gray', detail };
}
