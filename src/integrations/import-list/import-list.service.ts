import { Inject, Injectable } from '@nestjs/common';
import { ProviderRegistry } from '../core/provider';
import { ProviderDefinitionRepository } from '../core/provider-definition.repository';
import { KindState, ProviderService } from '../core/provider.service';
import { ImportListProvider } from './import-list';
import { ImportListBulkResource, ImportListResource, ImportListType } from './import-list.resource';
import { IMPORT_LIST_INVENTORY } from './import-list.inventory';

export const IMPORT_LIST_REGISTRY = Symbol('IMPORT_LIST_REGISTRY');

const OPTION_KEYS = [
  'enableAutomaticAdd',
  'shouldMonitor',
  'shouldMonitorExisting',
  'shouldSearch',
  'rootFolderPath',
  'monitorNewItems',
  'qualityProfileId',
  'metadataProfileId',
] as const;

/** The stored options of an import list, with Readarr's defaults. */
export interface ImportListOptions {
  enableAutomaticAdd: boolean;
  shouldMonitor: string;
  shouldMonitorExisting: boolean;
  shouldSearch: boolean;
  rootFolderPath: string;
  monitorNewItems: string;
  qualityProfileId: number;
  metadataProfileId: number;
}

export const IMPORT_LIST_DEFAULTS: ImportListOptions = {
  enableAutomaticAdd: true,
  shouldMonitor: 'entireAuthor',
  shouldMonitorExisting: false,
  shouldSearch: true,
  rootFolderPath: '',
  monitorNewItems: 'all',
  qualityProfileId: 0,
  metadataProfileId: 0,
};

@Injectable()
export class ImportListService extends ProviderService<ImportListProvider, ImportListResource, ImportListBulkResource> {
  protected readonly kind = 'importList' as const;
  protected readonly inventory = IMPORT_LIST_INVENTORY;

  constructor(
    definitions: ProviderDefinitionRepository,
    @Inject(IMPORT_LIST_REGISTRY) registry: ProviderRegistry<ImportListProvider>,
  ) {
    super(definitions, registry);
  }

  protected defaults(): KindState {
    return { priority: 0, options: { ...IMPORT_LIST_DEFAULTS } };
  }

  protected readKindFields(resource: ImportListResource, current: KindState): KindState {
    const options = { ...current.options };
    for (const key of OPTION_KEYS) if (resource[key] !== undefined) options[key] = resource[key];
    return { options, priority: current.priority };
  }

  protected writeKindFields(state: KindState, provider: ImportListProvider | undefined): Partial<ImportListResource> {
    const options = { ...IMPORT_LIST_DEFAULTS, ...state.options };
    const listType = provider?.listType ?? 'other';
    return {
      ...options,
      rootFolderPath: options.rootFolderPath || undefined,
      listType,
      // Readarr answers the list type's number here (the add-list dialog groups by it); it is not a setting
      listOrder: ImportListType.toNumber(listType),
      minRefreshInterval: provider?.minRefreshInterval ?? '00:15:00',
    };
  }

  protected isEnabled(state: KindState): boolean {
    return state.options.enableAutomaticAdd !== false;
  }

  protected applyBulkFields(bulk: ImportListBulkResource, state: KindState): void {
    for (const key of ['enableAutomaticAdd', 'rootFolderPath', 'qualityProfileId', 'metadataProfileId'] as const)
      if (bulk[key] !== undefined) state.options[key] = bulk[key];
  }

  optionsOf(options: Record<string, unknown>): ImportListOptions {
    return { ...IMPORT_LIST_DEFAULTS, ...options };
  }
}
