import { Body, Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId } from '../../common/http/route-decorators';
import { HostConfigResource } from './host-config.resource';
import { HostConfigService } from './host-config.service';

@ApiTags('HostConfig')
@Controller('api/v1/config/host')
export class HostConfigController {
  constructor(private readonly hostConfig: HostConfigService) {}

  @Get()
  get(): Promise<HostConfigResource> {
    return this.hostConfig.toResource();
  }

  @Get(':id')
  getById(@IdParam() _id: number): Promise<HostConfigResource> {
    return this.hostConfig.toResource();
  }

  @PutWithOptionalId()
  update(@OptionalIdParam() _id: number | undefined, @Body() body: HostConfigResource): Promise<HostConfigResource> {
    return this.hostConfig.update(body);
  }
}
