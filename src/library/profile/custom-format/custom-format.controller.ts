import { Body, Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  IdParam,
  OptionalIdParam,
  PutWithOptionalId,
  resolvePutId,
} from '../../../platform/common/http/route-decorators';
import { customFormatSchema, toCustomFormatResource } from './custom-format.mapper';
import { CustomFormatResource, CustomFormatSpecificationSchema } from './custom-format.resource';
import { CustomFormatService } from './custom-format.service';

@ApiTags('CustomFormat')
@Controller('api/v1/customformat')
export class CustomFormatController {
  constructor(private readonly formats: CustomFormatService) {}

  @Get()
  async list(): Promise<CustomFormatResource[]> {
    return (await this.formats.findAll()).map(toCustomFormatResource);
  }

  @Get('schema')
  schema(): CustomFormatSpecificationSchema[] {
    return customFormatSchema();
  }

  @Get(':id')
  async get(@IdParam() id: number): Promise<CustomFormatResource> {
    return toCustomFormatResource(await this.formats.findById(id));
  }

  @Post()
  async create(@Body() body: CustomFormatResource): Promise<CustomFormatResource> {
    return toCustomFormatResource(await this.formats.create(body));
  }

  @PutWithOptionalId()
  async update(
    @OptionalIdParam() id: number | undefined,
    @Body() body: CustomFormatResource,
  ): Promise<CustomFormatResource> {
    return toCustomFormatResource(await this.formats.update(resolvePutId(id, body), body));
  }

  @Delete(':id')
  async remove(@IdParam() id: number): Promise<void> {
    await this.formats.delete(id);
  }
}
