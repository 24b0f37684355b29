import { Inject, Injectable } from '@nestjs/common';
import { ProviderRegistry } from '../core/provider';
import { ProviderDefinitionRepository } from '../core/provider-definition.repository';
import { KindState, ProviderService } from '../core/provider.service';
import { DownloadClientProvider } from './download-client';
import { DownloadClientBulkResource, DownloadClientResource } from './download-client.resource';
import { DOWNLOAD_CLIENT_INVENTORY } from './download-client.inventory';

export const DOWNLOAD_CLIENT_REGISTRY = Symbol('DOWNLOAD_CLIENT_REGISTRY');

const FLAGS = ['enable', 'removeCompletedDownloads', 'removeFailedDownloads'] as const;

@Injectable()
export class DownloadClientService extends ProviderService<
  DownloadClientProvider,
  DownloadClientResource,
  DownloadClientBulkResource
> {
  protected readonly kind = 'downloadClient' as const;
  protected readonly inventory = DOWNLOAD_CLIENT_INVENTORY;

  constructor(
    definitions: ProviderDefinitionRepository,
    @Inject(DOWNLOAD_CLIENT_REGISTRY) registry: ProviderRegistry<DownloadClientProvider>,
  ) {
    super(definitions, registry);
  }

  protected templateName(): string {
    return '';
  }

  protected defaults(): KindState {
    return { priority: 1, options: { enable: false, removeCompletedDownloads: true, removeFailedDownloads: true } };
  }

  protected readKindFields(resource: DownloadClientResource, current: KindState): KindState {
    const options = { ...current.options };
    for (const flag of FLAGS) if (resource[flag] !== undefined) options[flag] = resource[flag];
    return { options, priority: resource.priority ?? current.priority };
  }

  protected writeKindFields(
    state: KindState,
    provider: DownloadClientProvider | undefined,
  ): Partial<DownloadClientResource> {
    return {
      enable: state.options.enable === true,
      protocol: provider?.meta.protocol ?? 'unknown',
      priority: state.priority,
      removeCompletedDownloads: state.options.removeCompletedDownloads !== false,
      removeFailedDownloads: state.options.removeFailedDownloads !== false,
    };
  }

  protected isEnabled(state: KindState): boolean {
    return state.options.enable === true;
  }

  protected applyBulkFields(bulk: DownloadClientBulkResource, state: KindState): void {
    for (const flag of FLAGS) if (bulk[flag] !== undefined) state.options[flag] = bulk[flag];
    if (bulk.priority !== undefined) state.priority = bulk.priority;
  }
}
