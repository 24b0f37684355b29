import { Body, Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId } from '../../common/http/route-decorators';
import { UiConfigResource } from './ui-config.resource';
import { UiConfigService } from './ui-config.service';

@ApiTags('UiConfig')
@Controller('api/v1/config/ui')
export class UiConfigController {
  constructor(private readonly config: UiConfigService) {}

  @Get()
  get(): Promise<UiConfigResource> {
    return this.config.toResource();
  }

  @Get(':id')
  getById(@IdParam() _id: number): Promise<UiConfigResource> {
    return this.config.toResource();
  }

  @PutWithOptionalId()
  update(@OptionalIdParam() _id: number | undefined, @Body() body: UiConfigResource): Promise<UiConfigResource> {
    return this.config.update(body);
  }
}
