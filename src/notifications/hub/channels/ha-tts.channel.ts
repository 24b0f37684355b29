import { Injectable } from '@nestjs/common';
import { EnvService } from '../../../platform/env/env.service';
import { ChannelMessage } from '../notification.types';
import { ttsText } from '../text/markdown';
import { ChannelSendOutcome, NotificationChannel, postWithDeadline } from './channel';

export interface HaTtsSettings {
  /** Full webhook URL, e.g. http://homeassistant.local:8123/api/webhook/quire-tts */
  webhookUrl: string;
  /** Request deadline (10 s by default: the first attempt runs before POST /notify answers). */
  timeoutMs?: number;
}

export const HA_TTS_TIMEOUT_MS = 10_000;

/** The JSON the automation receives as `trigger.json` (pure, for tests). Priority is not applied. */
export function buildHaTtsPayload(message: ChannelMessage) {
  return { message: ttsText(message.title, message.body), title: message.title, source_agent: message.sourceAgent };
}

/**
 * Home Assistant text-to-speech through a webhook automation. Home Assistant answers 200 even for an
 * unknown webhook id and runs the automation afterwards, so success means "accepted", not "spoken".
 */
@Injectable()
export class HaTtsChannel implements NotificationChannel<HaTtsSettings> {
  readonly name = 'ha_tts' as const;

  constructor(private readonly env: EnvService) {}

  defaultSettings(): HaTtsSettings {
    return { webhookUrl: this.env.get('HUB_HA_WEBHOOK_URL'), timeoutMs: this.env.get('HUB_HA_TTS_TIMEOUT_MS') };
  }

  missingSetting(settings: HaTtsSettings): keyof HaTtsSettings | undefined {
    return settings.webhookUrl ? undefined : 'webhookUrl';
  }

  describe(settings: HaTtsSettings): Record<string, unknown> {
    // The webhook id is the only secret of a Home Assistant webhook: log the origin only.
    let origin: string | undefined;
    try {
      origin = settings.webhookUrl ? new URL(settings.webhookUrl).origin : undefined;
    } catch {
      origin = 'invalid URL';
    }
    return { webhook: origin };
  }

  async send(message: ChannelMessage, settings: HaTtsSettings): Promise<ChannelSendOutcome> {
    const response = await postWithDeadline(
      settings.webhookUrl,
      { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(buildHaTtsPayload(message)) },
      settings.timeoutMs ?? HA_TTS_TIMEOUT_MS,
    );
    return { statusCode: response.status, detail: 'webhook accepted' };
  }
}
