import { Body, Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  IdParam,
  OptionalIdParam,
  PutWithOptionalId,
  resolvePutId,
} from '../../../platform/common/http/route-decorators';
import { toMetadataProfileResource } from './metadata-profile.mapper';
import { MetadataProfileResource } from './metadata-profile.resource';
import { MetadataProfileService } from './metadata-profile.service';

@ApiTags('MetadataProfile')
@Controller('api/v1/metadataprofile')
export class MetadataProfileController {
  constructor(private readonly profiles: MetadataProfileService) {}

  @Get()
  async list(): Promise<MetadataProfileResource[]> {
    return (await this.profiles.findAll()).map(toMetadataProfileResource);
  }

  @Get('schema')
  schema(): MetadataProfileResource {
    return toMetadataProfileResource(this.profiles.schema());
  }

  @Get(':id')
  async get(@IdParam() id: number): Promise<MetadataProfileResource> {
    return toMetadataProfileResource(await this.profiles.findById(id));
  }

  @Post()
  async create(@Body() body: MetadataProfileResource): Promise<MetadataProfileResource> {
    return toMetadataProfileResource(await this.profiles.create(body));
  }

  @PutWithOptionalId()
  async update(
    @OptionalIdParam() id: number | undefined,
    @Body() body: MetadataProfileResource,
  ): Promise<MetadataProfileResource> {
    return toMetadataProfileResource(await this.profiles.update(resolvePutId(id, body), body));
  }

  @Delete(':id')
  async remove(@IdParam() id: number): Promise<void> {
    await this.profiles.delete(id);
  }
}
