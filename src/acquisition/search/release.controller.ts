import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../platform/common/http/route-decorators';
import { QueueBulkResource } from '../queue/queue.resource';
import { ReleaseQuery, ReleaseResource } from './release.resource';
import { ReleaseService } from './release.service';

@ApiTags('Release')
@Controller('api/v1/release')
export class ReleaseController {
  constructor(private readonly releases: ReleaseService) {}

  @Get()
  list(@Query() query: ReleaseQuery): Promise<ReleaseResource[]> {
    return this.releases.interactive(query);
  }

  @Post()
  grab(@Body() body: ReleaseResource): Promise<ReleaseResource> {
    return this.releases.grab(body);
  }

  @Post('push')
  push(@Body() body: ReleaseResource): Promise<ReleaseResource> {
    return this.releases.push(body);
  }
}

/** `POST /queue/grab/{id}` lives with search: grabbing a pending release needs the grab service. */
@ApiTags('Queue')
@Controller('api/v1/queue/grab')
export class QueueGrabController {
  constructor(private readonly releases: ReleaseService) {}

  @Post('bulk')
  async bulk(@Body() body: QueueBulkResource): Promise<Record<string, never>> {
    await this.releases.grabPending(body.ids);
    return {};
  }

  @Post(':id')
  async grab(@IdParam() id: number): Promise<Record<string, never>> {
    await this.releases.grabPending([id]);
    return {};
  }
}
