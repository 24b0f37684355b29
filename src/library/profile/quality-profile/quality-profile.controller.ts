import { Body, Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  IdParam,
  OptionalIdParam,
  PutWithOptionalId,
  resolvePutId,
} from '../../../platform/common/http/route-decorators';
import { CustomFormatService } from '../custom-format/custom-format.service';
import { QualityProfile } from './quality-profile.entity';
import { toQualityProfileResource } from './quality-profile.mapper';
import { QualityProfileResource } from './quality-profile.resource';
import { QualityProfileService } from './quality-profile.service';

@ApiTags('QualityProfile')
@Controller('api/v1/qualityprofile')
export class QualityProfileController {
  constructor(
    private readonly profiles: QualityProfileService,
    private readonly customFormats: CustomFormatService,
  ) {}

  @Get()
  async list(): Promise<QualityProfileResource[]> {
    const formats = await this.customFormats.findAll();
    return (await this.profiles.findAll()).map((profile) => toQualityProfileResource(profile, formats));
  }

  @Get('schema')
  schema(): Promise<QualityProfileResource> {
    return this.toResource(this.profiles.schema());
  }

  @Get(':id')
  async get(@IdParam() id: number): Promise<QualityProfileResource> {
    return this.toResource(await this.profiles.findById(id));
  }

  @Post()
  async create(@Body() body: QualityProfileResource): Promise<QualityProfileResource> {
    return this.toResource(await this.profiles.create(body));
  }

  @PutWithOptionalId()
  async update(
    @OptionalIdParam() id: number | undefined,
    @Body() body: QualityProfileResource,
  ): Promise<QualityProfileResource> {
    return this.toResource(await this.profiles.update(resolvePutId(id, body), body));
  }

  @Delete(':id')
  async remove(@IdParam() id: number): Promise<void> {
    await this.profiles.delete(id);
  }

  private async toResource(profile: QualityProfile): Promise<QualityProfileResource> {
    return toQualityProfileResource(profile, await this.customFormats.findAll());
  }
}
