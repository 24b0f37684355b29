import { Inject, Injectable } from '@nestjs/common';
import { ProviderRegistry } from '../core/provider';
import { ProviderDefinitionRepository } from '../core/provider-definition.repository';
import { KindState, ProviderService } from '../core/provider.service';
import type { IndexerReleaseRules } from './indexer-client';
import { IndexerBulkResource, IndexerResource } from './indexer.resource';
import { IndexerProvider } from './newznab.indexer';
import { INDEXER_INVENTORY } from './indexer.inventory';

export const INDEXER_REGISTRY = Symbol('INDEXER_REGISTRY');

const FLAGS = ['enableRss', 'enableAutomaticSearch', 'enableInteractiveSearch'] as const;

@Injectable()
export class IndexerService extends ProviderService<IndexerProvider, IndexerResource, IndexerBulkResource> {
  protected readonly kind = 'indexer' as const;
  protected readonly inventory = INDEXER_INVENTORY;

  constructor(
    definitions: ProviderDefinitionRepository,
    @Inject(INDEXER_REGISTRY) registry: ProviderRegistry<IndexerProvider>,
  ) {
    super(definitions, registry);
  }

  /** Every indexer's settings the decision rules read, by id (disabled ones too: a pending release may come from one). */
  async releaseRules(): Promise<Map<number, IndexerReleaseRules>> {
    const rules = new Map<number, IndexerReleaseRules>();
    for (const definition of await this.definitions.listByKind(this.kind)) {
      const settings = (this.resolve(definition)?.settings ?? {}) as {
        minimumSeeders?: number | null;
        earlyReleaseLimit?: number | null;
        rejectBlocklistedTorrentHashesWhileGrabbing?: boolean;
      };
      rules.set(definition.id, {
        tags: definition.tags ?? [],
        minimumSeeders: settings.minimumSeeders ?? null,
        earlyReleaseLimit: settings.earlyReleaseLimit ?? null,
        rejectBlocklistedTorrentHashesWhileGrabbing: settings.rejectBlocklistedTorrentHashesWhileGrabbing === true,
      });
    }
    return rules;
  }

  /** Readarr enables a template's flags only when its default settings validate; Newznab/Torznab's do not. */
  protected defaults(provider: IndexerProvider): KindState {
    return {
      priority: 25,
      options: {
        enableRss: false,
        enableAutomaticSearch: false,
        enableInteractiveSearch: false,
        downloadClientId: 0,
        supportsRss: provider.supportsRss,
        supportsSearch: provider.supportsSearch,
      },
    };
  }

  protected readKindFields(resource: IndexerResource, current: KindState, provider: IndexerProvider): KindState {
    const options = { ...current.options };
    for (const flag of FLAGS) if (resource[flag] !== undefined) options[flag] = resource[flag];
    if (!provider.supportsRss) options.enableRss = false;
    if (!provider.supportsSearch) options.enableAutomaticSearch = options.enableInteractiveSearch = false;
    if (resource.downloadClientId !== undefined) options.downloadClientId = resource.downloadClientId;
    return { options, priority: resource.priority ?? current.priority };
  }

  protected writeKindFields(state: KindState, provider: IndexerProvider | undefined): Partial<IndexerResource> {
    return {
      enableRss: state.options.enableRss === true,
      enableAutomaticSearch: state.options.enableAutomaticSearch === true,
      enableInteractiveSearch: state.options.enableInteractiveSearch === true,
      supportsRss: provider?.supportsRss ?? false,
      supportsSearch: provider?.supportsSearch ?? false,
      protocol: provider?.meta.protocol ?? 'unknown',
      priority: state.priority,
      downloadClientId: Number(state.options.downloadClientId ?? 0),
    };
  }

  protected isEnabled(state: KindState): boolean {
    return FLAGS.some((flag) => state.options[flag] === true);
  }

  protected applyBulkFields(bulk: IndexerBulkResource, state: KindState): void {
    for (const flag of FLAGS) if (bulk[flag] !== undefined) state.options[flag] = bulk[flag];
    if (bulk.priority !== undefined) state.priority = bulk.priority;
  }
}
