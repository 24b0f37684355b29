import { Body, Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId, resolvePutId } from '../../platform/common/http/route-decorators';
import { ImportListExclusion } from './import-list-exclusion.entity';
import { ImportListExclusionResource } from './import-list-exclusion.resource';
import { ImportListExclusionService } from './import-list-exclusion.service';

const toResource = (exclusion: ImportListExclusion): ImportListExclusionResource => ({
  id: exclusion.id,
  foreignId: exclusion.foreignId,
  authorName: exclusion.authorName,
});

@ApiTags('ImportListExclusion')
@Controller('api/v1/importlistexclusion')
export class ImportListExclusionController {
  constructor(private readonly exclusions: ImportListExclusionService) {}

  @Get()
  async list(): Promise<ImportListExclusionResource[]> {
    return (await this.exclusions.findAll()).map(toResource);
  }

  @Get(':id')
  async get(@IdParam() id: number): Promise<ImportListExclusionResource> {
    return toResource(await this.exclusions.findById(id));
  }

  @Post()
  async create(@Body() body: ImportListExclusionResource): Promise<ImportListExclusionResource> {
    return toResource(await this.exclusions.create(body));
  }

  @PutWithOptionalId()
  async update(
    @OptionalIdParam() id: number | undefined,
    @Body() body: ImportListExclusionResource,
  ): Promise<ImportListExclusionResource> {
    return toResource(await this.exclusions.update(resolvePutId(id, body), body));
  }

  @Delete(':id')
  async remove(@IdParam() id: number): Promise<void> {
    await this.exclusions.delete(id);
  }
}
