import { Injectable } from '@nestjs/common';
import { ChannelMessage } from '../notification.types';
import { ChannelSendError, ChannelSendOutcome, NotificationChannel, postWithDeadline } from './channel';

export interface WebhookSettings {
  url: string;
  method: 'POST' | 'PUT';
  username?: string;
  password?: string;
  /** The JSON to send (a notification connection's Readarr payload); default: the message itself. */
  payload?: Record<string, unknown>;
  /** A body sent as it is instead of JSON (a form), with its Content-Type in `headers`. */
  body?: string;
  /** Further request headers (a service's API key header). */
  headers?: Record<string, string>;
  /** Answers that count as delivered although not 2xx (Notifiarr's 400 for an event it has no channel for). */
  acceptStatuses?: number[];
  timeoutMs?: number;
}

export const WEBHOOK_TIMEOUT_MS = 15_000;

/**
 * A generic JSON webhook (POST or PUT, optional Basic auth). Only notification connections use it: the hub has
 * no environment settings for it, so it is not a channel POST /notify or the routing table can name.
 */
@Injectable()
export class WebhookChannel implements NotificationChannel<WebhookSettings> {
  readonly name = 'webhook' as const;

  defaultSettings(): WebhookSettings {
    return { url: '', method: 'POST' };
  }

  missingSetting(settings: WebhookSettings): keyof WebhookSettings | undefined {
    return settings.url ? undefined : 'url';
  }

  describe(settings: WebhookSettings): Record<string, unknown> {
    let origin: string | undefined;
    try {
      origin = settings.url ? new URL(settings.url).origin : undefined;
    } catch {
      origin = 'invalid URL';
    }
    return { url: origin, method: settings.method };
  }

  async send(message: ChannelMessage, settings: WebhookSettings): Promise<ChannelSendOutcome> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...settings.headers };
    if (settings.username || settings.password)
      headers.Authorization = `Basic ${Buffer.from(`${settings.username ?? ''}:${settings.password ?? ''}`).toString('base64')}`;
    const payload = settings.payload ?? {
      title: message.title,
      body: message.body,
      priority: message.priority,
      source_agent: message.sourceAgent,
      metadata: message.metadata,
    };
    try {
      const response = await postWithDeadline(
        settings.url,
        { method: settings.method, headers, body: settings.body ?? JSON.stringify(payload) },
        settings.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      );
      return { statusCode: response.status, detail: 'webhook accepted' };
    } catch (error) {
      const status = error instanceof ChannelSendError ? error.statusCode : undefined;
      if (status !== undefined && settings.acceptStatuses?.includes(status))
        return { statusCode: status, detail: `answered ${status}, taken as delivered` };
      throw error;
    }
  }
}
