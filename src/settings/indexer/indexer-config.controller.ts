import { Body, Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId } from '../../common/http/route-decorators';
import { IndexerConfigResource } from './indexer-config.resource';
import { IndexerConfigService } from './indexer-config.service';

@ApiTags('IndexerConfig')
@Controller('api/v1/config/indexer')
export class IndexerConfigController {
  constructor(private readonly config: IndexerConfigService) {}

  @Get()
  get(): Promise<IndexerConfigResource> {
    return this.config.toResource();
  }

  @Get(':id')
  getById(@IdParam() _id: number): Promise<IndexerConfigResource> {
    return this.config.toResource();
  }

  @PutWithOptionalId()
  update(
    @OptionalIdParam() _id: number | undefined,
    @Body() body: IndexerConfigResource,
  ): Promise<IndexerConfigResource> {
    return this.config.update(body);
  }
}
