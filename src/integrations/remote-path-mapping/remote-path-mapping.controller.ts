import { Body, Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId, resolvePutId } from '../../platform/common/http/route-decorators';
import { RemotePathMapping } from './remote-path-mapping.entity';
import { RemotePathMappingResource } from './remote-path-mapping.resource';
import { RemotePathMappingService } from './remote-path-mapping.service';

const toResource = (mapping: RemotePathMapping): RemotePathMappingResource => ({
  id: mapping.id,
  host: mapping.host,
  remotePath: mapping.remotePath,
  localPath: mapping.localPath,
});

@ApiTags('RemotePathMapping')
@Controller('api/v1/remotepathmapping')
export class RemotePathMappingController {
  constructor(private readonly mappings: RemotePathMappingService) {}

  @Get()
  async list(): Promise<RemotePathMappingResource[]> {
    return (await this.mappings.list()).map(toResource);
  }

  @Get(':id')
  async get(@IdParam() id: number): Promise<RemotePathMappingResource> {
    return toResource(await this.mappings.get(id));
  }

  @Post()
  async create(@Body() body: RemotePathMappingResource): Promise<RemotePathMappingResource> {
    return toResource(await this.mappings.create(body));
  }

  @PutWithOptionalId()
  async update(
    @OptionalIdParam() id: number | undefined,
    @Body() body: RemotePathMappingResource,
  ): Promise<RemotePathMappingResource> {
    return toResource(await this.mappings.update(resolvePutId(id, body), body));
  }

  @Delete(':id')
  delete(@IdParam() id: number): Promise<Record<string, never>> {
    return this.mappings.delete(id);
  }
}
