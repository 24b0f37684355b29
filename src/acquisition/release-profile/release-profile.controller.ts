import { Body, Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId, resolvePutId } from '../../platform/common/http/route-decorators';
import { ReleaseProfile } from './release-profile.entity';
import { ReleaseProfileResource } from './release-profile.resource';
import { ReleaseProfileService } from './release-profile.service';

const toResource = (profile: ReleaseProfile): ReleaseProfileResource => ({
  id: profile.id,
  enabled: profile.enabled,
  required: profile.required,
  ignored: profile.ignored,
  indexerId: profile.indexerId,
  tags: profile.tags,
});

@ApiTags('ReleaseProfile')
@Controller('api/v1/releaseprofile')
export class ReleaseProfileController {
  constructor(private readonly profiles: ReleaseProfileService) {}

  @Get()
  async list(): Promise<ReleaseProfileResource[]> {
    return (await this.profiles.findAll()).map(toResource);
  }

  @Get(':id')
  async get(@IdParam() id: number): Promise<ReleaseProfileResource> {
    return toResource(await this.profiles.findById(id));
  }

  @Post()
  async create(@Body() body: ReleaseProfileResource): Promise<ReleaseProfileResource> {
    return toResource(await this.profiles.create(body));
  }

  @PutWithOptionalId()
  async update(
    @OptionalIdParam() id: number | undefined,
    @Body() body: ReleaseProfileResource,
  ): Promise<ReleaseProfileResource> {
    return toResource(await this.profiles.update(resolvePutId(id, body), body));
  }

  @Delete(':id')
  async remove(@IdParam() id: number): Promise<void> {
    await this.profiles.delete(id);
  }
}
