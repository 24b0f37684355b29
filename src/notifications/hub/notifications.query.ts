import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PagingQuery } from '../../platform/common/paging/paging';
import { DELIVERY_CHANNELS, type DeliveryChannel, type NotificationStatus } from './notification.types';

/** `GET /notifications`: Readarr paging plus the hub page's filters (each optional, combined with AND). */
export class NotificationsQuery extends PagingQuery {
  /** Exact source agent. */
  @IsOptional() @IsString() @MaxLength(255) sourceAgent?: string;

  /** The notification's first-attempt status. */
  @IsOptional() @IsIn(['ok', 'partial', 'failed']) status?: NotificationStatus;

  /** Notifications with a delivery to this channel. */
  @IsOptional() @IsIn([...DELIVERY_CHANNELS]) channel?: DeliveryChannel;
}

export type NotificationFilter = Pick<NotificationsQuery, 'sourceAgent' | 'status' | 'channel'>;
