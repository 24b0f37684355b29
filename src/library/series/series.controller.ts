import { Body, Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId, resolvePutId } from '../../platform/common/http/route-decorators';
import { SeriesListQuery, SeriesResource, SeriesUpdateResource } from './series.resource';
import { SeriesService } from './series.service';

@ApiTags('Series')
@Controller('api/v1/series')
export class SeriesController {
  constructor(private readonly series: SeriesService) {}

  @Get()
  list(@Query() query: SeriesListQuery): Promise<SeriesResource[]> {
    return this.series.byAuthor(query.authorId);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One series with every book linked to it (Quire extension)' })
  get(@IdParam() id: number): Promise<SeriesResource> {
    return this.series.get(id);
  }

  @PutWithOptionalId()
  @ApiOperation({
    summary: 'Monitor or unmonitor a series (Quire extension)',
    description:
      'monitored=true monitors every book of the series now and every book that joins it on a later refresh; ' +
      "the author's other books are not touched. monitored=false stops monitoring new books of the series and " +
      'leaves the books as they are.',
  })
  update(@OptionalIdParam() id: number | undefined, @Body() body: SeriesUpdateResource): Promise<SeriesResource> {
    return this.series.setMonitored(resolvePutId(id, body), body.monitored);
  }
}
