import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { EnvService } from '../../platform/env/env.service';
import { ChannelSendError } from '../hub/channels/channel';
import { WebhookChannel, WebhookSettings as HttpRequestSettings } from '../hub/channels/webhook.channel';
import type { ConnectionTarget } from '../hub/delivery/connection-targets';
import type { ChannelMessage } from '../hub/notification.types';
import { ProviderMeta, providerFailure } from '../../integrations/core/provider';
import {
  ConnectionEvent,
  connectionMessage,
  NotificationConnection,
  NotificationEventType,
  TEST_EVENT,
} from './notification-connection';

export interface HttpRequest {
  url: string;
  method?: 'POST' | 'PUT';
  /** Sent as JSON. */
  json?: Record<string, unknown>;
  /** Sent as application/x-www-form-urlencoded; empty values are left out. */
  form?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Answers taken as delivered although not 2xx. */
  acceptStatuses?: number[];
}

/** A hub delivery target for one HTTP request (the hub's webhook channel, durable and retried). */
export function httpTarget(request: HttpRequest): ConnectionTarget {
  const settings: HttpRequestSettings = {
    url: request.url,
    method: request.method ?? 'POST',
    payload: request.json,
    headers: request.headers,
    acceptStatuses: request.acceptStatuses,
  };
  if (request.form) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(request.form))
      if (value !== undefined && value !== '') form.append(key, String(value));
    settings.body = form.toString();
    settings.headers = { ...request.headers, 'Content-Type': 'application/x-www-form-urlencoded' };
  }
  return { channel: 'webhook', settings };
}

/** The HTTP status and the answer's text of a failed request, when it got one. */
export function answerOf(error: unknown): { status?: number; text: string } {
  const message = error instanceof Error ? error.message : String(error);
  const status = error instanceof ChannelSendError ? error.statusCode : undefined;
  return { status, text: status === undefined ? message : message.replace(/^HTTP \d+:? ?/, '') };
}

/** A base URL without its trailing slashes. */
export const trimBase = (url: string) => url.replace(/\/+$/, '');

/**
 * A connection that is one or more HTTP requests per event, built from the stored message (so a retry sends what
 * the first attempt did). `test` sends the test event now and answers Readarr's failure message on `property`.
 */
export abstract class HttpConnection<S extends object> implements NotificationConnection<S> {
  abstract readonly meta: ProviderMeta<S>;
  abstract readonly supports: readonly string[];
  /** The settings field a failed test is reported on (Readarr's). */
  protected abstract readonly testProperty: string;

  constructor(
    protected readonly env: EnvService,
    private readonly channel: WebhookChannel,
  ) {}

  protected abstract requests(settings: S, message: ChannelMessage): HttpRequest[];

  /** Readarr's message for a failed test; by default `Unable to send test message: …`. */
  protected testFailure(error: unknown, _settings: S): string {
    return `Unable to send test message: ${answerOf(error).text}`;
  }

  targets(settings: S, message: ChannelMessage): ConnectionTarget[] {
    return this.requests(settings, message).map(httpTarget);
  }

  async send(event: ConnectionEvent, settings: S): Promise<void> {
    const message = connectionMessage(event);
    for (const target of this.targets(settings, message))
      await this.channel.send(message, target.settings as HttpRequestSettings);
  }

  async test(settings: S): Promise<ValidationFailure[]> {
    try {
      await this.send(TEST_EVENT, settings);
      return [];
    } catch (error) {
      return [providerFailure(this.testProperty, this.testFailure(error, settings))];
    }
  }
}

export const eventTypeOf = (message: ChannelMessage) => message.metadata.eventType as NotificationEventType;

/** The Readarr webhook fields the notifier stored with the event (empty for the test event). */
export function payloadOf(message: ChannelMessage): Record<string, any> {
  const payload = message.metadata.webhookPayload;
  return typeof payload === 'object' && payload !== null ? (payload as Record<string, any>) : {};
}
