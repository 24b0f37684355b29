import { ApiProperty } from '@nestjs/swagger';
import { CHANNEL_NAMES, ChannelName, NotificationStatus } from './notification.types';

/** Answer of POST /notify. */
export class NotifyResultResource {
  /** Unique id of this notification (UUID). */
  notification_id: string;

  /** Names of the channels that received the notification successfully. */
  @ApiProperty({ enum: CHANNEL_NAMES, isArray: true })
  channels_dispatched: ChannelName[];

  @ApiProperty({ enum: ['ok', 'partial', 'failed'] })
  status: NotificationStatus;
}

export class HealthResource {
  @ApiProperty({ enum: ['ok'] })
  status: 'ok';
}
