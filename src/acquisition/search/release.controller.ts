import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../platform/common/http/route-decorators';
import { QueueBulkResource } from '../queue/queue.resource';
import { InteractiveGrabService } from './interactive-grab.service';
import { InteractiveSearchService } from './interactive-search.service';
import { PendingReleaseGrabService } from './pending-release-grab.service';
import { ReleasePushService } from './release-push.service';
import { ReleaseQuery, ReleaseResource } from './release.resource';

@ApiTags('Release')
@Controller('api/v1/release')
export class ReleaseController {
  constructor(
    private readonly searches: InteractiveSearchService,
    private readonly grabs: InteractiveGrabService,
    private readonly pushes: ReleasePushService,
  ) {}

  @Get()
  list(@Query() query: ReleaseQuery): Promise<ReleaseResource[]> {
    return this.searches.search(query);
  }

  @Post()
  grab(@Body() body: ReleaseResource): Promise<ReleaseResource> {
    return this.grabs.grab(body);
  }

  @Post('push')
  push(@Body() body: ReleaseResource): Promise<ReleaseResource> {
    return this.pushes.push(body);
  }
}

/** `POST /queue/grab/{id}` lives with search: grabbing a pending release needs the grab service. */
@ApiTags('Queue')
@Controller('api/v1/queue/grab')
export class QueueGrabController {
  constructor(private readonly pending: PendingReleaseGrabService) {}

  @Post('bulk')
  async bulk(@Body() body: QueueBulkResource): Promise<Record<string, never>> {
    await this.pending.grab(body.ids);
    return {};
  }

  @Post(':id')
  async grab(@IdParam() id: number): Promise<Record<string, never>> {
    await this.pending.grab([id]);
    return {};
  }
}
