import { Inject, Injectable, Logger } from '@nestjs/common';
import { ProviderRegistry } from '../core/provider';
import { ProviderDefinitionRepository } from '../core/provider-definition.repository';
import { KindState, ProviderService } from '../core/provider.service';
import { BookInfo, MetadataProvider } from './calibre-opf.metadata';
import { MetadataResource } from './metadata.resource';
import { METADATA_CONSUMER_INVENTORY } from './metadata.inventory';

export const METADATA_REGISTRY = Symbol('METADATA_REGISTRY');

@Injectable()
export class MetadataService extends ProviderService<MetadataProvider, MetadataResource> {
  protected readonly kind = 'metadata' as const;
  protected readonly inventory = METADATA_CONSUMER_INVENTORY;
  private readonly logger = new Logger(MetadataService.name);

  constructor(
    definitions: ProviderDefinitionRepository,
    @Inject(METADATA_REGISTRY) registry: ProviderRegistry<MetadataProvider>,
  ) {
    super(definitions, registry);
  }

  protected defaults(): KindState {
    return { priority: 0, options: { enable: false } };
  }

  protected readKindFields(resource: MetadataResource, current: KindState): KindState {
    return {
      priority: 0,
      options: { ...current.options, ...(resource.enable !== undefined ? { enable: resource.enable } : {}) },
    };
  }

  protected writeKindFields(state: KindState): Partial<MetadataResource> {
    return { enable: state.options.enable === true };
  }

  protected isEnabled(state: KindState): boolean {
    return state.options.enable === true;
  }

  /**
   * Runs every enabled metadata consumer for one book folder (called by file import and refresh). A consumer that
   * fails is logged and skipped; the paths written are returned.
   */
  async writeFor(bookFolder: string, book: BookInfo): Promise<string[]> {
    const written: string[] = [];
    for (const definition of await this.listEnabled()) {
      const resolved = this.resolve(definition);
      if (!resolved) continue;
      try {
        written.push(...(await resolved.provider.writeFor(bookFolder, book, resolved.settings)));
      } catch (error) {
        this.logger.warn(
          `Metadata ${definition.name} failed for ${bookFolder}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return written;
  }
}
