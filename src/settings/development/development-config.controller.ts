import { Body, Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId } from '../../common/http/route-decorators';
import { DevelopmentConfigResource } from './development-config.resource';
import { DevelopmentConfigService } from './development-config.service';

@ApiTags('DevelopmentConfig')
@Controller('api/v1/config/development')
export class DevelopmentConfigController {
  constructor(private readonly config: DevelopmentConfigService) {}

  @Get()
  get(): Promise<DevelopmentConfigResource> {
    return this.config.toResource();
  }

  @Get(':id')
  getById(@IdParam() _id: number): Promise<DevelopmentConfigResource> {
    return this.config.toResource();
  }

  @PutWithOptionalId()
  update(
    @OptionalIdParam() _id: number | undefined,
    @Body() body: DevelopmentConfigResource,
  ): Promise<DevelopmentConfigResource> {
    return this.config.update(body);
  }
}
