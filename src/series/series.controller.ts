import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SeriesListQuery, SeriesResource } from './series.resource';
import { SeriesService } from './series.service';

@ApiTags('Series')
@Controller('api/v1/series')
export class SeriesController {
  constructor(private readonly series: SeriesService) {}

  @Get()
  list(@Query() query: SeriesListQuery): Promise<SeriesResource[]> {
    return this.series.byAuthor(query.authorId);
  }
}
