import { Body, Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId } from '../common/http/route-decorators';
import { namingExamples, type NamingExamples } from './naming-examples';
import { NamingConfigResource, NamingExamplesQuery } from '../settings/naming/naming-config.resource';
import { NamingConfigService } from '../settings/naming/naming-config.service';

@ApiTags('NamingConfig')
@Controller('api/v1/config/naming')
export class NamingConfigController {
  constructor(private readonly config: NamingConfigService) {}

  @Get()
  get(): Promise<NamingConfigResource> {
    return this.config.toResource();
  }

  /** Declared before `:id` so `examples` is not read as an id; the rendering is the organizer's naming engine. */
  @Get('examples')
  async examples(@Query() query: NamingExamplesQuery): Promise<NamingExamples> {
    const saved = await this.config.load();
    if (!query.id) return namingExamples(saved);
    const sent = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
    return namingExamples({ ...saved, ...sent });
  }

  @Get(':id')
  getById(@IdParam() _id: number): Promise<NamingConfigResource> {
    return this.config.toResource();
  }

  @PutWithOptionalId()
  update(
    @OptionalIdParam() _id: number | undefined,
    @Body() body: NamingConfigResource,
  ): Promise<NamingConfigResource> {
    return this.config.update(body);
  }
}
