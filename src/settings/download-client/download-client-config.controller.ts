import { Body, Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId } from '../../common/http/route-decorators';
import { DownloadClientConfigResource } from './download-client-config.resource';
import { DownloadClientConfigService } from './download-client-config.service';

@ApiTags('DownloadClientConfig')
@Controller('api/v1/config/downloadclient')
export class DownloadClientConfigController {
  constructor(private readonly config: DownloadClientConfigService) {}

  @Get()
  get(): Promise<DownloadClientConfigResource> {
    return this.config.toResource();
  }

  @Get(':id')
  getById(@IdParam() _id: number): Promise<DownloadClientConfigResource> {
    return this.config.toResource();
  }

  @PutWithOptionalId()
  update(
    @OptionalIdParam() _id: number | undefined,
    @Body() body: DownloadClientConfigResource,
  ): Promise<DownloadClientConfigResource> {
    return this.config.update(body);
  }
}
