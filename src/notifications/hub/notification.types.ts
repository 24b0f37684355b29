/** The hub's delivery channels; error messages and /health/channels list them in this order. */
export const CHANNEL_NAMES = ['email', 'ntfy', 'ha_tts'] as const;
export type ChannelName = (typeof CHANNEL_NAMES)[number];

/**
 * Every channel kind a delivery row can carry: the hub's channels plus `webhook`, which exists only for
 * notification connections (it has no environment settings and cannot be named in POST /notify).
 */
export const DELIVERY_CHANNELS = [...CHANNEL_NAMES, 'webhook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Overall result of one notification, computed from the first attempt of each channel. */
export type NotificationStatus = 'ok' | 'partial' | 'failed';

export function isChannelName(value: unknown): value is ChannelName {
  return typeof value === 'string' && (CHANNEL_NAMES as readonly string[]).includes(value);
}

/** A notification as the dispatcher receives it (from POST /notify or from a library event). */
export interface NotificationRequest {
  sourceAgent: string;
  title: string;
  body: string;
  priority?: Priority;
  /** Explicit channel override; bypasses the routing table when non-empty. */
  channels?: ChannelName[];
  metadata?: Record<string, unknown>;
}

/** What a channel sends: the request with defaults applied. */
export interface ChannelMessage {
  title: string;
  /** Markdown. */
  body: string;
  priority: Priority;
  sourceAgent?: string;
  metadata: Record<string, unknown>;
  /**
   * This notification's identity on the wire for one delivery, the same on every attempt (set by the delivery
   * runner): email's Message-ID, ntfy's sequence id. Delivery is at-least-once; peers can dedupe by it.
   */
  wireId?: string;
}

/** The body of the POST /notify answer, in the hub's snake_case field names rather than Readarr's camelCase. */
export interface NotifyResult {
  notification_id: string;
  channels_dispatched: ChannelName[];
  status: NotificationStatus;
}

/** ok / partial / failed from the channels that succeeded (a skipped channel did not succeed). */
export function overallStatus(resolved: number, succeeded: number): NotificationStatus {
  if (resolved > 0 && succeeded === resolved) return 'ok';
  return succeeded > 0 ? 'partial' : 'failed';
}
