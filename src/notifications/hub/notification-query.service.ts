import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../platform/common/errors/domain-errors';
import { PagingResource, pagingResource, resolvePaging } from '../../platform/common/paging/paging';
import { DeliveryRepository } from './delivery/delivery.repository';
import { toNotificationRecord } from './notification-record.mapper';
import { NotificationRecordResource } from './notification-record.resource';
import type { NotificationsQuery } from './notifications.query';

const SORT_KEYS = {
  createdAt: 'n.createdAt',
  sourceAgent: 'n.sourceAgent',
  status: 'n.status',
  priority: 'n.priority',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Read side of the hub's store: GET /notifications and GET /notifications/{id}. */
@Injectable()
export class NotificationQueryService {
  constructor(private readonly repository: DeliveryRepository) {}

  async page(query: NotificationsQuery): Promise<PagingResource<NotificationRecordResource>> {
    const spec = resolvePaging(query, SORT_KEYS, 'createdAt');
    const { sourceAgent, status, channel } = query;
    const { total, records } = await this.repository.page(spec, { sourceAgent, status, channel });
    return pagingResource(spec, total, records.map(toNotificationRecord));
  }

  async get(id: string): Promise<NotificationRecordResource> {
    const notification = UUID.test(id) ? await this.repository.findWithDeliveries(id) : null;
    if (!notification) throw new NotFoundError(`Notification ${id} not found`);
    return toNotificationRecord(notification);
  }
}
