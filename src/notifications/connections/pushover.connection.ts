import { Injectable } from '@nestjs/common';
import { IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, Min, ValidateIf } from 'class-validator';
import { EnvService } from '../../platform/env/env.service';
import { WebhookChannel } from '../hub/channels/webhook.channel';
import type { ChannelMessage } from '../hub/notification.types';
import { Field } from '../../integrations/core/field.decorator';
import { ProviderMeta } from '../../integrations/core/provider';
import { eventText, messageBody } from './event-text';
import { MESSAGE_SERVICE_FLAGS } from './notification-connection';
import { HttpConnection, HttpRequest, trimBase } from './http-connection';

const EMERGENCY = 2;

export class PushoverSettings {
  @Field({ order: 0, label: 'API Key', privacy: 'apiKey', helpLink: 'https://pushover.net/apps/clone/readarr' })
  @IsOptional()
  @IsString()
  apiKey = '';

  @Field({ order: 1, label: 'User Key', privacy: 'userName', helpLink: 'https://pushover.net/' })
  @IsString()
  @IsNotEmpty({ message: "'User Key' must not be empty." })
  userKey = '';

  @Field({
    order: 2,
    label: 'Devices',
    type: 'tag',
    helpText: 'List of device names (leave blank to send to all devices)',
  })
  @IsArray()
  @IsString({ each: true })
  devices: string[] = [];

  @Field({
    order: 3,
    label: 'Priority',
    type: 'select',
    valueType: 'number',
    selectOptions: { Silent: -2, Quiet: -1, Normal: 0, High: 1, Emergency: 2 },
  })
  @IsIn([-2, -1, 0, 1, 2])
  priority = 0;

  @Field({ order: 4, label: 'Retry', helpText: 'Interval to retry Emergency alerts, minimum 30 seconds' })
  @ValidateIf((settings: PushoverSettings) => settings.priority === EMERGENCY)
  @IsInt()
  @Min(30, { message: "'Retry' must be greater than or equal to '30'." })
  @Max(86400, { message: "'Retry' must be less than or equal to '86400'." })
  retry = 0;

  @Field({ order: 5, label: 'Expire', helpText: 'Maximum time to retry Emergency alerts, maximum 86400 seconds' })
  @IsInt()
  expire = 0;

  @Field({
    order: 6,
    label: 'Sound',
    helpText: 'Notification sound, leave blank to use the default',
    helpLink: 'https://pushover.net/api#sounds',
  })
  @IsOptional()
  @IsString()
  sound = '';
}

/** Readarr's Pushover: a form to messages.json with the app token, user key, devices, title, message and priority. */
@Injectable()
export class PushoverConnection extends HttpConnection<PushoverSettings> {
  readonly meta: ProviderMeta<PushoverSettings> = {
    implementation: 'Pushover',
    implementationName: 'Pushover',
    configContract: 'PushoverSettings',
    settings: PushoverSettings,
    link: 'https://pushover.net/',
  };
  readonly supports = MESSAGE_SERVICE_FLAGS;
  protected readonly testProperty = 'ApiKey';

  constructor(env: EnvService, channel: WebhookChannel) {
    super(env, channel);
  }

  protected requests(settings: PushoverSettings, message: ChannelMessage): HttpRequest[] {
    const text = eventText(message);
    const body = messageBody(text);
    const emergency = settings.priority === EMERGENCY;
    return [
      {
        url: `${trimBase(this.env.get('PUSHOVER_API_URL'))}/1/messages.json`,
        form: {
          token: settings.apiKey,
          user: settings.userKey,
          device: settings.devices.join(','),
          title: text.title,
          message: body,
          priority: settings.priority,
          retry: emergency ? settings.retry : undefined,
          expire: emergency ? settings.expire : undefined,
          sound: settings.sound.trim() ? settings.sound : undefined,
        },
      },
    ];
  }

  /** Readarr answers every failed test the same way. */
  protected testFailure(): string {
    return 'Unable to send test message';
  }
}
