import { Body, Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId, resolvePutId } from '../../platform/common/http/route-decorators';
import { TagDetailsResource, TagResource } from './tag.resource';
import { TagService } from './tag.service';

const toTagResource = (tag: { id: number; label: string }): TagResource => ({ id: tag.id, label: tag.label });

@ApiTags('Tag')
@Controller('api/v1/tag')
export class TagController {
  constructor(private readonly tags: TagService) {}

  @Get()
  async list(): Promise<TagResource[]> {
    return (await this.tags.findAll()).map(toTagResource);
  }

  @Get('detail')
  detailList(): Promise<TagDetailsResource[]> {
    return this.tags.allDetails();
  }

  @Get('detail/:id')
  detail(@IdParam() id: number): Promise<TagDetailsResource> {
    return this.tags.details(id);
  }

  @Get(':id')
  async get(@IdParam() id: number): Promise<TagResource> {
    return toTagResource(await this.tags.findById(id));
  }

  @Post()
  async create(@Body() body: TagResource): Promise<TagResource> {
    return toTagResource(await this.tags.create(body.label));
  }

  @PutWithOptionalId()
  async update(@OptionalIdParam() id: number | undefined, @Body() body: TagResource): Promise<TagResource> {
    return toTagResource(await this.tags.update(resolvePutId(id, body), body.label));
  }

  @Delete(':id')
  async remove(@IdParam() id: number): Promise<void> {
    await this.tags.delete(id);
  }
}
