import { Injectable } from '@nestjs/common';
import { ChannelName, DeliveryChannel } from '../notification.types';
import { NotificationChannel } from './channel';
import { EmailChannel } from './email.channel';
import { HaTtsChannel } from './ha-tts.channel';
import { NtfyChannel } from './ntfy.channel';
import { WebhookChannel } from './webhook.channel';

/** The environment variable behind each channel setting, for "skipped" log lines. */
const SETTING_ENV: Record<ChannelName, Record<string, string>> = {
  email: { to: 'HUB_SMTP_TO', host: 'HUB_SMTP_HOST', from: 'HUB_SMTP_FROM' },
  ntfy: { url: 'HUB_NTFY_URL', topic: 'HUB_NTFY_TOPIC' },
  ha_tts: { webhookUrl: 'HUB_HA_WEBHOOK_URL' },
};

/** The hub's channels by name, each with its environment-derived settings. */
@Injectable()
export class ChannelRegistry {
  private readonly channels: Record<ChannelName, NotificationChannel<any>>;
  /** Channel kinds only notification connections use (no environment settings). */
  private readonly connectionOnly: Record<Exclude<DeliveryChannel, ChannelName>, NotificationChannel<any>>;

  constructor(email: EmailChannel, ntfy: NtfyChannel, haTts: HaTtsChannel, webhook: WebhookChannel) {
    this.channels = { email, ntfy, ha_tts: haTts };
    this.connectionOnly = { webhook };
  }

  get(name: DeliveryChannel): NotificationChannel<any> {
    return name in this.channels ? this.channels[name as ChannelName] : this.connectionOnly[name as 'webhook'];
  }

  /** The empty environment variable that makes the hub skip this channel, or undefined. */
  missingEnv(name: ChannelName): string | undefined {
    const channel = this.channels[name];
    const missing = channel.missingSetting(channel.defaultSettings());
    return missing === undefined ? undefined : (SETTING_ENV[name][String(missing)] ?? String(missing));
  }

  /** Loggable configuration of every channel (no secrets). */
  describe(): Record<ChannelName, Record<string, unknown>> {
    const result = {} as Record<ChannelName, Record<string, unknown>>;
    for (const [name, channel] of Object.entries(this.channels) as [ChannelName, NotificationChannel<any>][]) {
      const missing = this.missingEnv(name);
      result[name] = { configured: !missing, missing, ...channel.describe(channel.defaultSettings()) };
    }
    return result;
  }
}
