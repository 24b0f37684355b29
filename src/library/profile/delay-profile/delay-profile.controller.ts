import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  IdParam,
  OptionalIdParam,
  PutWithOptionalId,
  resolvePutId,
} from '../../../platform/common/http/route-decorators';
import { toDelayProfileResource } from './delay-profile.mapper';
import { DelayProfileReorderQuery, DelayProfileResource } from './delay-profile.resource';
import { DelayProfileService } from './delay-profile.service';

@ApiTags('DelayProfile')
@Controller('api/v1/delayprofile')
export class DelayProfileController {
  constructor(private readonly profiles: DelayProfileService) {}

  @Get()
  async list(): Promise<DelayProfileResource[]> {
    return (await this.profiles.findAll()).map(toDelayProfileResource);
  }

  @Get(':id')
  async get(@IdParam() id: number): Promise<DelayProfileResource> {
    return toDelayProfileResource(await this.profiles.findById(id));
  }

  @Post()
  async create(@Body() body: DelayProfileResource): Promise<DelayProfileResource> {
    return toDelayProfileResource(await this.profiles.create(body));
  }

  @Put('reorder/:id')
  async reorder(@IdParam() id: number, @Query() query: DelayProfileReorderQuery): Promise<DelayProfileResource[]> {
    return (await this.profiles.reorder(id, query.afterId)).map(toDelayProfileResource);
  }

  @PutWithOptionalId()
  async update(
    @OptionalIdParam() id: number | undefined,
    @Body() body: DelayProfileResource,
  ): Promise<DelayProfileResource> {
    return toDelayProfileResource(await this.profiles.update(resolvePutId(id, body), body));
  }

  @Delete(':id')
  async remove(@IdParam() id: number): Promise<void> {
    await this.profiles.delete(id);
  }
}
