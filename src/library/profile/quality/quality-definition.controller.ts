import { Body, Controller, Get, ParseArrayPipe, Put } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { ValidationError as ClassValidatorError } from 'class-validator';
import { BadRequestError, ValidationError } from '../../../platform/common/errors/domain-errors';
import { toValidationFailures } from '../../../platform/common/validation/validation-failures';
import {
  IdParam,
  OptionalIdParam,
  PutWithOptionalId,
  resolvePutId,
} from '../../../platform/common/http/route-decorators';
import { toQualityDefinitionResource } from './quality-definition.mapper';
import { QualityDefinitionResource } from './quality-definition.resource';
import { QualityDefinitionService } from './quality-definition.service';

/** Item failures as Readarr's failure array; a body that is no array as `{message}`. */
function arrayFailure(errors: unknown): Error {
  return Array.isArray(errors)
    ? new ValidationError(toValidationFailures(errors as ClassValidatorError[]))
    : new BadRequestError(`BadRequest: ${String(errors)}`);
}

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
    @Body(new ParseArrayPipe({ items: QualityDefinitionResource, whitelist: true, exceptionFactory: arrayFailure }))
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
