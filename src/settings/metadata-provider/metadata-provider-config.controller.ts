import { Body, Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId } from '../../common/http/route-decorators';
import { MetadataProviderConfigResource } from './metadata-provider-config.resource';
import { MetadataProviderConfigService } from './metadata-provider-config.service';

@ApiTags('MetadataProviderConfig')
@Controller('api/v1/config/metadataprovider')
export class MetadataProviderConfigController {
  constructor(private readonly config: MetadataProviderConfigService) {}

  @Get()
  get(): Promise<MetadataProviderConfigResource> {
    return this.config.toResource();
  }

  @Get(':id')
  getById(@IdParam() _id: number): Promise<MetadataProviderConfigResource> {
    return this.config.toResource();
  }

  @PutWithOptionalId()
  update(
    @OptionalIdParam() _id: number | undefined,
    @Body() body: MetadataProviderConfigResource,
  ): Promise<MetadataProviderConfigResource> {
    return this.config.update(body);
  }
}
