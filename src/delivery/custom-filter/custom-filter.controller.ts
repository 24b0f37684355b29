import { Body, Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId, resolvePutId } from '../../platform/common/http/route-decorators';
import { CustomFilter } from './custom-filter.entity';
import { CustomFilterResource } from './custom-filter.resource';
import { CustomFilterService } from './custom-filter.service';

const toResource = (filter: CustomFilter): CustomFilterResource => ({
  id: filter.id,
  type: filter.type,
  label: filter.label,
  filters: filter.filters,
});

@ApiTags('CustomFilter')
@Controller('api/v1/customfilter')
export class CustomFilterController {
  constructor(private readonly filters: CustomFilterService) {}

  @Get()
  async list(): Promise<CustomFilterResource[]> {
    return (await this.filters.findAll()).map(toResource);
  }

  @Get(':id')
  async get(@IdParam() id: number): Promise<CustomFilterResource> {
    return toResource(await this.filters.findById(id));
  }

  @Post()
  async create(@Body() body: CustomFilterResource): Promise<CustomFilterResource> {
    return toResource(await this.filters.create(body));
  }

  @PutWithOptionalId()
  async update(
    @OptionalIdParam() id: number | undefined,
    @Body() body: CustomFilterResource,
  ): Promise<CustomFilterResource> {
    return toResource(await this.filters.update(resolvePutId(id, body), body));
  }

  @Delete(':id')
  async remove(@IdParam() id: number): Promise<void> {
    await this.filters.delete(id);
  }
}
