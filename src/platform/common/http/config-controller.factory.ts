import { Body, Controller, Get, Inject, Type } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId } from './route-decorators';

/** What a `/config/<section>` resource needs from its service (ConfigSectionService, or HostConfigService). */
export interface ConfigSectionEndpoints<R> {
  toResource(): Promise<R>;
  update(body: R): Promise<R>;
}

export interface ConfigControllerOptions<R> {
  /** Route segment under /api/v1/config (`indexer`, `naming`, …). */
  section: string;
  /** Swagger tag, as Readarr's (`IndexerConfig`); the class is named `<tag>Controller`. */
  tag: string;
  resource: Type<R>;
  service: Type<ConfigSectionEndpoints<R>>;
}

/**
 * Builds the controller of one `/api/v1/config/<section>` resource: Readarr's ConfigController routes (GET, GET
 * by the ignored id, PUT with or without id), each one call to the section's service. Extra routes go in a
 * subclass (registered before `:id`, see NamingConfigController).
 */
export function createConfigController<R>(options: ConfigControllerOptions<R>) {
  const { resource } = options;

  @ApiTags(options.tag)
  @Controller(`api/v1/config/${options.section}`)
  class ConfigController {
    constructor(@Inject(options.service) readonly config: ConfigSectionEndpoints<R>) {}

    @Get()
    @ApiOkResponse({ type: resource })
    get(): Promise<R> {
      return this.config.toResource();
    }

    @Get(':id')
    @ApiOkResponse({ type: resource })
    getById(@IdParam() _id: number): Promise<R> {
      return this.config.toResource();
    }

    @PutWithOptionalId()
    @ApiBody({ type: resource })
    @ApiOkResponse({ type: resource })
    update(@OptionalIdParam() _id: number | undefined, @Body() body: R): Promise<R> {
      return this.config.update(body);
    }
  }
  // `R` is erased to Object at run time: the validation pipe must see the concrete body class.
  const types = Reflect.getMetadata('design:paramtypes', ConfigController.prototype, 'update') as unknown[];
  Reflect.defineMetadata('design:paramtypes', [types[0], resource], ConfigController.prototype, 'update');
  Object.defineProperty(ConfigController, 'name', { value: `${options.tag}Controller` });
  return ConfigController;
}
