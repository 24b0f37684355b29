import { ApiProperty } from '@nestjs/swagger';
import { DELIVERY_CHANNELS, ChannelName, DeliveryChannel, NotificationStatus, Priority } from './notification.types';

export class DeliveryAttemptResource {
  number: number;
  @ApiProperty({ enum: ['sent', 'failed', 'skipped', 'blocked'] })
  outcome: string;
  transient: boolean;
  statusCode?: number;
  error?: string;
  detail?: string;
  startedAt: Date;
  durationMs: number;
}

export class DeliveryResource {
  @ApiProperty({ enum: DELIVERY_CHANNELS })
  channel: DeliveryChannel;
  /** The notification connection (/api/v1/notification id) this delivery used; absent for hub channels. */
  connectionId?: number;
  /** pending (a retry is due at nextAttemptAt), delivered, failed or skipped. */
  @ApiProperty({ enum: ['pending', 'delivered', 'failed', 'skipped'] })
  state: string;
  attemptCount: number;
  nextAttemptAt?: Date;
  deliveredAt?: Date;
  lastError?: string;
  attempts: DeliveryAttemptResource[];
}

/** A stored notification with each channel's delivery, attempts and final state (GET /notifications). */
export class NotificationRecordResource {
  /** The notification_id answered by POST /notify. */
  id: string;
  sourceAgent: string;
  title: string;
  body: string;
  @ApiProperty({ enum: ['low', 'normal', 'high', 'urgent'] })
  priority: Priority;
  metadata: Record<string, unknown>;
  requestedChannels: ChannelName[];
  /** The channel kind of each delivery (`webhook` only for notification connections). */
  channels: DeliveryChannel[];
  /** Which step of the resolution order chose the channels. */
  @ApiProperty({ enum: ['request', 'route', 'default', 'fallback', 'connection'] })
  resolvedBy: string;
  /** The status POST /notify answered, from the first attempt of each channel. */
  @ApiProperty({ enum: ['ok', 'partial', 'failed'], required: false })
  status?: NotificationStatus;
  channelsDispatched: DeliveryChannel[];
  /** Where the deliveries stand now, retries included: pending, delivered, partial or failed. */
  @ApiProperty({ enum: ['pending', 'delivered', 'partial', 'failed'] })
  finalState: string;
  createdAt: Date;
  completedAt?: Date;
  deliveries: DeliveryResource[];
}
