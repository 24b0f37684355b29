import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query, Type } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId, resolvePutId } from '../../platform/common/http/route-decorators';
import { parseBoolean } from '../../platform/common/validation/transforms';
import { ProviderBulkResource, ProviderResource, ProviderTestAllResult } from './provider.resource';
import { ProviderService } from './provider.service';

export interface ProviderControllerOptions<R extends ProviderResource, B extends ProviderBulkResource> {
  /** Route segment under /api/v1 (`indexer`, `downloadclient`, …). */
  path: string;
  tag: string;
  resource: Type<R>;
  bulk?: Type<B>;
  service: Type<ProviderService<any, R, B>>;
}

const flag = (value: unknown) => parseBoolean(value) === true;

/** Generic methods see `R` erased to Object: tell Nest (validation pipe) and Swagger the concrete body class. */
function setBodyType(target: object, method: string, index: number, type: Type<unknown>): void {
  const types = [...((Reflect.getMetadata('design:paramtypes', target, method) as unknown[] | undefined) ?? [])];
  types[index] = type;
  Reflect.defineMetadata('design:paramtypes', types, target, method);
}

/**
 * Builds the controller of one provider kind: Readarr's ProviderControllerBase routes, delegating to the kind's
 * ProviderService. With `bulk`, a subclass adds `PUT/DELETE bulk` (registered before the `:id` routes).
 */
export function createProviderController<R extends ProviderResource, B extends ProviderBulkResource>(
  options: ProviderControllerOptions<R, B>,
): Type<unknown> {
  const { resource, bulk } = options;

  @ApiTags(options.tag)
  @Controller(`api/v1/${options.path}`)
  class ProviderController {
    constructor(@Inject(options.service) readonly service: ProviderService<any, R, B>) {}

    @Get()
    @ApiOkResponse({ type: resource, isArray: true })
    list(): Promise<R[]> {
      return this.service.list();
    }

    @Get('schema')
    @ApiOkResponse({ type: resource, isArray: true })
    schema(): R[] {
      return this.service.schema();
    }

    @Get(':id')
    @ApiOkResponse({ type: resource })
    get(@IdParam() id: number): Promise<R> {
      return this.service.get(id);
    }

    @Post()
    @ApiBody({ type: resource })
    @ApiOkResponse({ type: resource })
    @ApiQuery({ name: 'forceSave', required: false, type: Boolean })
    create(@Body() body: R, @Query('forceSave') forceSave?: string): Promise<R> {
      return this.service.create(body, flag(forceSave), { refuseUnsupported: true });
    }

    @PutWithOptionalId()
    @ApiBody({ type: resource })
    @ApiOkResponse({ type: resource })
    @ApiQuery({ name: 'forceSave', required: false, type: Boolean })
    update(
      @OptionalIdParam() id: number | undefined,
      @Body() body: R,
      @Query('forceSave') forceSave?: string,
    ): Promise<R> {
      return this.service.update(resolvePutId(id, body), body, flag(forceSave), { refuseUnsupported: true });
    }

    @Delete(':id')
    delete(@IdParam() id: number): Promise<Record<string, never>> {
      return this.service.delete(id);
    }

    @Post('test')
    @ApiBody({ type: resource })
    @ApiQuery({ name: 'forceTest', required: false, type: Boolean })
    test(@Body() body: R, @Query('forceTest') forceTest?: string): Promise<Record<string, never>> {
      return this.service.test(body, flag(forceTest));
    }

    @Post('testall')
    @ApiOkResponse({ type: ProviderTestAllResult, isArray: true })
    testAll(): Promise<ProviderTestAllResult[]> {
      return this.service.testAll();
    }

    @Post('action/:name')
    @ApiBody({ type: resource })
    action(@Param('name') name: string, @Body() body: R, @Query() query: Record<string, string>): Promise<unknown> {
      return this.service.action(name, body, query);
    }
  }
  for (const method of ['create', 'test', 'action'])
    setBodyType(ProviderController.prototype, method, method === 'action' ? 1 : 0, resource);
  setBodyType(ProviderController.prototype, 'update', 1, resource);
  Object.defineProperty(ProviderController, 'name', { value: `${options.tag}Controller` });
  if (!bulk) return ProviderController;

  @ApiTags(options.tag)
  @Controller(`api/v1/${options.path}`)
  class BulkProviderController extends ProviderController {
    @Put('bulk')
    @ApiBody({ type: bulk })
    @ApiOkResponse({ type: resource, isArray: true })
    bulkUpdate(@Body() body: B): Promise<R[]> {
      return this.service.bulkUpdate(body);
    }

    @Delete('bulk')
    @ApiBody({ type: bulk })
    bulkDelete(@Body() body: B): Promise<Record<string, never>> {
      return this.service.bulkDelete(body);
    }
  }
  setBodyType(BulkProviderController.prototype, 'bulkUpdate', 0, bulk);
  setBodyType(BulkProviderController.prototype, 'bulkDelete', 0, bulk);
  Object.defineProperty(BulkProviderController, 'name', { value: `${options.tag}Controller` });
  return BulkProviderController;
}
