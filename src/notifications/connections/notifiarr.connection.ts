import { Injectable } from '@nestjs/common';
import { IsNotEmpty, IsString } from 'class-validator';
import { EnvService } from '../../platform/env/env.service';
import { WebhookChannel } from '../hub/channels/webhook.channel';
import type { ChannelMessage } from '../hub/notification.types';
import { Field } from '../../integrations/core/field.decorator';
import { ProviderMeta } from '../../integrations/core/provider';
import { answerOf, eventTypeOf, HttpConnection, HttpRequest, trimBase } from './http-connection';
import { eventData } from './notification-connection';
import { readarrWebhookPayload } from './webhook-payload';

export class NotifiarrSettings {
  @Field({
    order: 0,
    label: 'API Key',
    privacy: 'apiKey',
    helpText: 'Your API key from your profile',
    helpLink: 'https://notifiarr.com',
  })
  @IsString()
  @IsNotEmpty({ message: "'API Key' must not be empty." })
  apiKey = '';
}

/** Readarr's messages for Notifiarr's answers. */
function notifiarrFailure(status: number | undefined): string {
  if (status === 401) return 'API key is invalid';
  if (status === 502 || status === 503 || status === 504) return 'Unable to send notification. Service Unavailable';
  if (status !== undefined && status >= 520 && status <= 524)
    return 'Cloudflare Related HTTP Error - Unable to send notification';
  return 'Unknown HTTP Error - Unable to send notification';
}

/**
 * Readarr's Notifiarr: the Webhook's payload, posted to notifiarr.com with the API key in `X-API-Key`. A 400
 * means the Readarr integration has no channel on Notifiarr for that event: as Readarr does, it does not count as
 * a failure.
 */
@Injectable()
export class NotifiarrConnection extends HttpConnection<NotifiarrSettings> {
  readonly meta: ProviderMeta<NotifiarrSettings> = {
    implementation: 'Notifiarr',
    implementationName: 'Notifiarr',
    configContract: 'NotifiarrSettings',
    settings: NotifiarrSettings,
    link: 'https://notifiarr.com',
  };
  readonly supports = [
    'onGrab',
    'onReleaseImport',
    'onUpgrade',
    'onAuthorAdded',
    'onAuthorDelete',
    'onBookDelete',
    'onBookFileDelete',
    'onBookFileDeleteForUpgrade',
    'onHealthIssue',
    'onApplicationUpdate',
  ];
  protected readonly testProperty = 'APIKey';

  constructor(env: EnvService, channel: WebhookChannel) {
    super(env, channel);
  }

  protected requests(settings: NotifiarrSettings, message: ChannelMessage): HttpRequest[] {
    return [
      {
        url: `${trimBase(this.env.get('NOTIFIARR_URL'))}/api/v1/notification/readarr`,
        json: readarrWebhookPayload(eventTypeOf(message), eventData(message), this.env.get('INSTANCE_NAME')),
        headers: { 'X-API-Key': settings.apiKey, Accept: 'application/json' },
        acceptStatuses: [400],
      },
    ];
  }

  protected testFailure(error: unknown): string {
    return notifiarrFailure(answerOf(error).status);
  }
}
