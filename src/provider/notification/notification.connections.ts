import { Injectable } from '@nestjs/common';
import { ValidationFailure } from '../../common/errors/domain-errors';
import { EmailChannel } from '../../notification/channels/email.channel';
import { HaTtsChannel } from '../../notification/channels/ha-tts.channel';
import { NtfyChannel } from '../../notification/channels/ntfy.channel';
import { NotificationDispatcher } from '../../notification/dispatcher.service';
import { ChannelMessage } from '../../notification/notification.types';
import { ProviderMeta } from '../core/provider';
import { httpRequest, HttpRequestError } from '../core/provider-http';
import { EnvService } from '../../env/env.service';
import {
  ConnectionEvent,
  NOTIFICATION_EVENTS,
  NotificationConnection,
  ON_FLAGS,
  sendTest,
} from './notification-connection';
import {
  EmailSettings,
  HomeAssistantSettings,
  NtfySettings,
  QuireHubSettings,
  WebhookSettings,
} from './notification.settings';

const ALL = ON_FLAGS;
const message = (event: ConnectionEvent, sourceAgent = 'quire'): ChannelMessage => ({
  title: event.title,
  body: event.body,
  priority: event.priority ?? 'normal',
  sourceAgent,
  metadata: { eventType: event.eventType, ...event.data },
});

/** Readarr's generic Webhook: one JSON payload per event, POST or PUT, optional Basic auth. */
@Injectable()
export class WebhookConnection implements NotificationConnection<WebhookSettings> {
  readonly meta: ProviderMeta<WebhookSettings> = {
    implementation: 'Webhook',
    implementationName: 'Webhook',
    configContract: 'WebhookSettings',
    settings: WebhookSettings,
    link: 'https://wiki.servarr.com/readarr/settings#connections',
  };
  readonly supports = ALL;

  constructor(private readonly env: EnvService) {}

  payload(event: ConnectionEvent): Record<string, unknown> {
    const eventType = event.eventType === 'test' ? 'Test' : NOTIFICATION_EVENTS[event.eventType].webhook;
    const base = { eventType, instanceName: this.env.get('INSTANCE_NAME') };
    if (event.eventType === 'test')
      return {
        ...base,
        author: { id: 1, name: 'Test Name', path: 'C:\\testpath', goodreadsId: 'aaaaa' },
        books: [{ id: 123, title: 'Test title', releaseDate: '1970-01-01T00:00:00Z' }],
      };
    return { ...base, ...event.data };
  }

  test(settings: WebhookSettings): Promise<ValidationFailure[]> {
    return sendTest(this, settings, 'url');
  }

  async send(event: ConnectionEvent, settings: WebhookSettings): Promise<void> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (settings.username || settings.password)
      headers.Authorization = `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString('base64')}`;
    const response = await httpRequest(settings.url, {
      method: settings.method === 2 ? 'PUT' : 'POST',
      headers,
      body: JSON.stringify(this.payload(event)),
      timeoutMs: 15_000,
    });
    if (response.status >= 300) throw new HttpRequestError(`Webhook answered HTTP ${response.status}`, response.status);
  }
}

@Injectable()
export class NtfyConnection implements NotificationConnection<NtfySettings> {
  readonly meta: ProviderMeta<NtfySettings> = {
    implementation: 'Ntfy',
    implementationName: 'ntfy.sh',
    configContract: 'NtfySettings',
    settings: NtfySettings,
    link: 'https://ntfy.sh/',
  };
  readonly supports = ALL;

  constructor(private readonly channel: NtfyChannel) {}

  test(settings: NtfySettings): Promise<ValidationFailure[]> {
    return sendTest(this, settings, 'serverUrl');
  }

  async send(event: ConnectionEvent, settings: NtfySettings): Promise<void> {
    const priority = (['low', 'low', 'normal', 'high', 'urgent'] as const)[settings.priority - 1] ?? 'normal';
    for (const topic of settings.topics)
      await this.channel.send(
        { ...message(event), priority: event.priority ?? priority },
        { url: settings.serverUrl.replace(/\/+$/, ''), topic, token: settings.accessToken || undefined },
      );
  }
}

@Injectable()
export class EmailConnection implements NotificationConnection<EmailSettings> {
  readonly meta: ProviderMeta<EmailSettings> = {
    implementation: 'Email',
    implementationName: 'Email',
    configContract: 'EmailSettings',
    settings: EmailSettings,
  };
  readonly supports = ALL;

  constructor(private readonly channel: EmailChannel) {}

  test(settings: EmailSettings): Promise<ValidationFailure[]> {
    return sendTest(this, settings, 'server');
  }

  async send(event: ConnectionEvent, settings: EmailSettings): Promise<void> {
    await this.channel.send(message(event), {
      host: settings.server,
      port: settings.port,
      secure: settings.requireEncryption && settings.port === 465,
      from: settings.from,
      to: [...settings.to, ...settings.cc, ...settings.bcc].join(','),
      user: settings.username || undefined,
      password: settings.password || undefined,
    });
  }
}

@Injectable()
export class HomeAssistantConnection implements NotificationConnection<HomeAssistantSettings> {
  readonly meta: ProviderMeta<HomeAssistantSettings> = {
    implementation: 'HomeAssistant',
    implementationName: 'Home Assistant',
    configContract: 'HomeAssistantSettings',
    settings: HomeAssistantSettings,
    link: 'https://www.home-assistant.io/docs/automation/trigger/#webhook-trigger',
  };
  readonly supports = ALL;

  constructor(private readonly channel: HaTtsChannel) {}

  test(settings: HomeAssistantSettings): Promise<ValidationFailure[]> {
    return sendTest(this, settings, 'webhookUrl');
  }

  async send(event: ConnectionEvent, settings: HomeAssistantSettings): Promise<void> {
    await this.channel.send(message(event), { webhookUrl: settings.webhookUrl });
  }
}

/** Hands events to the hub's durable dispatcher (routing table, retries, history) with source_agent `quire`. */
@Injectable()
export class QuireHubConnection implements NotificationConnection<QuireHubSettings> {
  readonly meta: ProviderMeta<QuireHubSettings> = {
    implementation: 'QuireHub',
    implementationName: 'Quire Notification Hub',
    configContract: 'QuireHubSettings',
    settings: QuireHubSettings,
  };
  readonly supports = ALL;

  constructor(private readonly dispatcher: NotificationDispatcher) {}

  test(settings: QuireHubSettings): Promise<ValidationFailure[]> {
    return sendTest(this, settings);
  }

  async send(event: ConnectionEvent, settings: QuireHubSettings): Promise<void> {
    const result = await this.dispatcher.dispatch({
      title: event.title,
      body: event.body,
      priority: event.priority,
      sourceAgent: 'quire',
      channels: settings.channels.length ? (settings.channels as never) : undefined,
      metadata: { eventType: event.eventType, ...event.data },
    });
    if (result.status === 'failed') throw new Error('Every hub channel failed');
  }
}
