import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PagingResource } from '../../platform/common/paging/paging';
import { NotificationQueryService } from './notification-query.service';
import { NotificationRecordResource } from './notification-record.resource';
import { NotificationsQuery } from './notifications.query';

/** Stored notifications with each delivery's attempts and state (behind the API key). */
@ApiTags('Notification hub')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly query: NotificationQueryService) {}

  @Get()
  list(@Query() query: NotificationsQuery): Promise<PagingResource<NotificationRecordResource>> {
    return this.query.page(query);
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<NotificationRecordResource> {
    return this.query.get(id);
  }
}
