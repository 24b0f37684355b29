import { Body, Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId } from '../../common/http/route-decorators';
import { MediaManagementConfigResource } from './media-management-config.resource';
import { MediaManagementConfigService } from './media-management-config.service';

@ApiTags('MediaManagementConfig')
@Controller('api/v1/config/mediamanagement')
export class MediaManagementConfigController {
  constructor(private readonly config: MediaManagementConfigService) {}

  @Get()
  get(): Promise<MediaManagementConfigResource> {
    return this.config.toResource();
  }

  @Get(':id')
  getById(@IdParam() _id: number): Promise<MediaManagementConfigResource> {
    return this.config.toResource();
  }

  @PutWithOptionalId()
  update(
    @OptionalIdParam() _id: number | undefined,
    @Body() body: MediaManagementConfigResource,
  ): Promise<MediaManagementConfigResource> {
    return this.config.update(body);
  }
}
