import { Body, Controller, Get, ParseArrayPipe, Put } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId, resolvePutId } from '../../common/http/route-decorators';
import { toQualityDefinitionResource } from './quality-definition.mapper';
import { QualityDefinitionResource } from './quality-definition.resource';
import { QualityDefinitionService } from './quality-definition.service';

@ApiTags('QualityDefinition')
@Controller('api/v1/qualitydefinition')
export class QualityDefinitionController {
  constructor(private readonly definitions: QualityDefinitionService) {}

  @Get()
  async list(): Promise<QualityDefinitionResource[]> {
    return (await this.definitions.findAll()).map(toQualityDefinitionResource);
  }

  @Put('update')
  @ApiBody({ type: [QualityDefinitionResource] })
  async updateMany(
    @Body(new ParseArrayPipe({ items: QualityDefinitionResource, whitelist: true }))
    body: QualityDefinitionResource[],
  ): Promise<QualityDefinitionResource[]> {
    return (await this.definitions.updateMany(body)).map(toQualityDefinitionResource);
  }

  @Get(':id')
  async get(@IdParam() id: number): Promise<QualityDefinitionResource> {
    return toQualityDefinitionResource(await this.definitions.findById(id));
  }

  @PutWithOptionalId()
  async update(
    @OptionalIdParam() id: number | undefined,
    @Body() body: QualityDefinitionResource,
  ): Promise<QualityDefinitionResource> {
    return toQualityDefinitionResource(await this.definitions.update(resolvePutId(id, body), body));
  }
}
