import { Body, Controller, Delete, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../platform/common/http/route-decorators';
import {
  QueueBulkResource,
  QueueDetailsQuery,
  QueueQuery,
  QueueRemoveQuery,
  QueueResource,
  QueueResourcePagingResource,
  QueueStatusResource,
} from './queue.resource';
import { QueueRemovalService } from './queue-removal.service';
import { QueueService } from './queue.service';

@ApiTags('Queue')
@Controller('api/v1/queue')
export class QueueController {
  constructor(
    private readonly queue: QueueService,
    private readonly removal: QueueRemovalService,
  ) {}

  @Get()
  list(@Query() query: QueueQuery): Promise<QueueResourcePagingResource> {
    return this.queue.page(query);
  }

  @Get('details')
  details(@Query() query: QueueDetailsQuery): Promise<QueueResource[]> {
    return this.queue.details(query);
  }

  @Get('status')
  status(): Promise<QueueStatusResource> {
    return this.queue.status();
  }

  @Delete('bulk')
  async bulkRemove(@Body() body: QueueBulkResource, @Query() query: QueueRemoveQuery): Promise<void> {
    await this.removal.removeMany(body.ids, query);
  }

  @Delete(':id')
  async remove(@IdParam() id: number, @Query() query: QueueRemoveQuery): Promise<void> {
    await this.removal.remove(id, query);
  }
}
