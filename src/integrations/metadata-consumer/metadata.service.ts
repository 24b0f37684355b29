import { Inject, Injectable, Logger } from '@nestjs/common';
import { join } from 'node:path';
import { ProviderRegistry } from '../core/provider';
import type { ProviderDefinition } from '../core/provider-definition.entity';
import { ProviderDefinitionRepository } from '../core/provider-definition.repository';
import { KindState, ProviderService } from '../core/provider.service';
import { BookInfo, MetadataProvider } from './calibre-opf.metadata';
import { writeFileAtomic } from './atomic-write';
import { MetadataResource } from './metadata.resource';
import { METADATA_CONSUMER_INVENTORY } from './metadata.inventory';

export interface ResolvedConsumer {
  definition: ProviderDefinition;
  provider: MetadataProvider;
  settings: object;
}

/**
 * Whether a consumer writes for an author: one without tags writes for every author, one with tags only for authors
 * sharing at least one of them (the rule Quire's other providers follow).
 */
export function appliesTo(definition: ProviderDefinition, authorTags: number[]): boolean {
  return definition.tags.length === 0 || definition.tags.some((tag) => authorTags.includes(tag));
}

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

  /** The enabled consumers with their settings (one query). */
  async enabledConsumers(): Promise<ResolvedConsumer[]> {
    const consumers: ResolvedConsumer[] = [];
    for (const definition of await this.listEnabled()) {
      const resolved = this.resolve(definition);
      if (resolved) consumers.push({ definition, ...resolved });
    }
    return consumers;
  }

  /**
   * Writes every enabled consumer's files into one book folder, untracked (the import path goes through
   * MetadataFilesService, which records them). A consumer that fails is logged and skipped; the paths written are
   * returned.
   */
  async writeFor(bookFolder: string, book: BookInfo): Promise<string[]> {
    const written: string[] = [];
    for (const { definition, provider, settings } of (await this.enabledConsumers()).filter((c) =>
      appliesTo(c.definition, []),
    )) {
      try {
        for (const file of await provider.filesFor(book, settings)) {
          const path = join(bookFolder, file.name);
          await writeFileAtomic(path, file.contents);
          written.push(path);
        }
      } catch (error) {
        this.logger.warn(
          `Metadata ${definition.name} failed for ${bookFolder}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return written;
  }
}
