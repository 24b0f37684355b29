import { Body, Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId } from '../../common/http/route-decorators';
import { NamingConfigResource } from './naming-config.resource';
import { NamingConfigService } from './naming-config.service';

@ApiTags('NamingConfig')
@Controller('api/v1/config/naming')
export class NamingConfigController {
  constructor(private readonly config: NamingConfigService) {}

  @Get()
  get(): Promise<NamingConfigResource> {
    return this.config.toResource();
  }

  @Get(':id')
  getById(@IdParam() _id: number): Promise<NamingConfigResource> {
    return this.config.toResource();
  }

  @PutWithOptionalId()
  update(
    @OptionalIdParam() _id: number | undefined,
    @Body() body: NamingConfigResource,
  ): Promise<NamingConfigResource> {
    return this.config.update(body);
  }
}
