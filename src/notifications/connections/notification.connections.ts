import { Injectable, Logger } from '@nestjs/common';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { EnvService } from '../../platform/env/env.service';
import { NotificationChannel } from '../hub/channels/channel';
import { EMAIL_ATTACHMENT_TIMEOUT_MS, EmailChannel } from '../hub/channels/email.channel';
import { HaTtsChannel } from '../hub/channels/ha-tts.channel';
import { NtfyChannel } from '../hub/channels/ntfy.channel';
import { WebhookChannel, WebhookSettings as WebhookChannelSettings } from '../hub/channels/webhook.channel';
import { ConnectionTarget } from '../hub/delivery/connection-targets';
import { NotificationDispatcher } from '../hub/dispatcher.service';
import { ChannelMessage, Priority } from '../hub/notification.types';
import { ProviderMeta } from '../../integrations/core/provider';
import {
  ConnectionEvent,
  connectionMessage,
  eventData,
  NotificationConnection,
  NotificationEventType,
  ON_FLAGS,
  sendTest,
} from './notification-connection';
import { importedBookAttachment } from './email-attachments';
import { readarrWebhookPayload } from './webhook-payload';
import {
  EmailSettings,
  HomeAssistantSettings,
  NtfySettings,
  QuireHubSettings,
  WebhookSettings,
} from './notification.settings';

const ALL = ON_FLAGS;

/** Sends each target of a connection now, in order, through the hub channel (the direct path of `test`). */
async function sendDirect(
  channel: NotificationChannel<any>,
  message: ChannelMessage,
  targets: ConnectionTarget[],
): Promise<void> {
  for (const target of targets) await channel.send({ ...message, ...target.message }, target.settings);
}

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

  constructor(
    private readonly env: EnvService,
    private readonly channel: WebhookChannel,
  ) {}

  payload(eventType: NotificationEventType, data: Record<string, unknown>): Record<string, unknown> {
    return readarrWebhookPayload(eventType, data, this.env.get('INSTANCE_NAME'));
  }

  test(settings: WebhookSettings): Promise<ValidationFailure[]> {
    return sendTest(this, settings, 'url');
  }

  targets(settings: WebhookSettings, message: ChannelMessage): ConnectionTarget[] {
    const eventType = message.metadata.eventType as NotificationEventType;
    const channelSettings: WebhookChannelSettings = {
      url: settings.url,
      method: settings.method === 2 ? 'PUT' : 'POST',
      username: settings.username || undefined,
      password: settings.password || undefined,
      payload: this.payload(eventType, eventData(message)),
    };
    return [{ channel: 'webhook', settings: channelSettings }];
  }

  async send(event: ConnectionEvent, settings: WebhookSettings): Promise<void> {
    const message = connectionMessage(event);
    await sendDirect(this.channel, message, this.targets(settings, message));
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

  /** One delivery per topic; the connection's priority applies unless the event set one. */
  targets(settings: NtfySettings, message: ChannelMessage): ConnectionTarget[] {
    const fallback = (['low', 'low', 'normal', 'high', 'urgent'] as const)[settings.priority - 1] ?? 'normal';
    const eventPriority = message.metadata.eventPriority as Priority | undefined;
    return settings.topics.map((topic) => ({
      channel: 'ntfy' as const,
      settings: { url: settings.serverUrl.replace(/\/+$/, ''), topic, token: settings.accessToken || undefined },
      message: { priority: eventPriority ?? fallback },
    }));
  }

  async send(event: ConnectionEvent, settings: NtfySettings): Promise<void> {
    const message = connectionMessage(event);
    await sendDirect(this.channel, message, this.targets(settings, message));
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
  private readonly logger = new Logger(EmailConnection.name);

  constructor(private readonly channel: EmailChannel) {}

  /** A failed test is also logged, as Readarr does, so the reason stays visible after the dialog is closed. */
  async test(settings: EmailSettings): Promise<ValidationFailure[]> {
    const failures = await sendTest(this, settings, 'server');
    for (const failure of failures)
      this.logger.warn(`Test email via ${settings.server} failed: ${failure.errorMessage}`);
    return failures;
  }

  /** With `attachFiles`, an imported ebook goes along as an attachment (by reference, as Send to E-Reader does). */
  targets(settings: EmailSettings, message?: ChannelMessage): ConnectionTarget[] {
    const attachment = settings.attachFiles && message ? importedBookAttachment(message) : undefined;
    return [
      {
        channel: 'email',
        settings: {
          host: settings.server,
          port: settings.port,
          // Port 465 is implicit TLS whether or not encryption is required; elsewhere it is STARTTLS.
          secure: settings.port === 465,
          requireTls: settings.requireEncryption,
          from: settings.from,
          to: settings.to.join(','),
          cc: settings.cc.join(','),
          bcc: settings.bcc.join(','),
          user: settings.username || undefined,
          password: settings.password || undefined,
          ...(attachment ? { attachments: [attachment], timeoutMs: EMAIL_ATTACHMENT_TIMEOUT_MS } : {}),
        },
      },
    ];
  }

  async send(event: ConnectionEvent, settings: EmailSettings): Promise<void> {
    const message = connectionMessage(event);
    await sendDirect(this.channel, message, this.targets(settings, message));
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

  targets(settings: HomeAssistantSettings): ConnectionTarget[] {
    return [{ channel: 'ha_tts', settings: { webhookUrl: settings.webhookUrl } }];
  }

  async send(event: ConnectionEvent, settings: HomeAssistantSettings): Promise<void> {
    await sendDirect(this.channel, connectionMessage(event), this.targets(settings));
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
    // Honest about a partial result too: a channel that did not accept the first attempt is named.
    if (result.status !== 'ok') {
      const sent = result.channels_dispatched.length ? result.channels_dispatched.join(', ') : 'none';
      throw new Error(
        `hub notification ${result.notification_id} ${result.status}: channels that accepted it: ${sent} ` +
          '(see GET /notifications/{id}; transient failures are retried)',
      );
    }
  }
}
