import { Controller, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../platform/common/http/route-decorators';
import {
  HistoryAuthorQuery,
  HistoryQuery,
  HistoryResource,
  HistoryResourcePagingResource,
  HistorySinceQuery,
} from './history.resource';
import { HistoryService } from './history.service';

@ApiTags('History')
@Controller('api/v1/history')
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  @Get()
  list(@Query() query: HistoryQuery): Promise<HistoryResourcePagingResource> {
    return this.history.page(query);
  }

  @Get('since')
  since(@Query() query: HistorySinceQuery): Promise<HistoryResource[]> {
    return this.history.since(query);
  }

  @Get('author')
  author(@Query() query: HistoryAuthorQuery): Promise<HistoryResource[]> {
    return this.history.byAuthor(query);
  }

  @Post('failed/:id')
  async failed(@IdParam() id: number): Promise<Record<string, never>> {
    await this.history.markFailed(id);
    return {};
  }
}
