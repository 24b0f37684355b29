import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../platform/common/errors/domain-errors';
import { DownloadProtocolName } from '../core/download-protocol';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { ProviderStatusService } from '../core/provider-status.service';
import { ConfiguredDownloadClient } from './download-client';
import { DownloadClientService } from './download-client.service';

/**
 * Hands out ready-to-use download clients. Calls through them record success/failure, so a client that keeps
 * failing is backed off (5 min … 24 h) and skipped by `enabledFor` until then.
 */
@Injectable()
export class DownloadClientFactory {
  constructor(
    private readonly downloadClients: DownloadClientService,
    private readonly statuses: ProviderStatusService,
  ) {}

  isBackedOff(downloadClientId: number): Promise<boolean> {
    return this.statuses.isBackedOff(downloadClientId);
  }

  /** Enabled clients of a protocol, by priority, without the backed-off ones. */
  async enabledFor(protocol?: DownloadProtocolName): Promise<ConfiguredDownloadClient[]> {
    const definitions = (await this.downloadClients.listEnabled()).filter(
      (definition) =>
        !protocol || this.downloadClients.registry.find(definition.implementation)?.meta.protocol === protocol,
    );
    return (await this.statuses.notBackedOff(definitions)).flatMap((d) => this.wrap(d) ?? []);
  }

  async client(downloadClientId: number): Promise<ConfiguredDownloadClient> {
    const client = this.wrap(await this.downloadClients.require(downloadClientId));
    if (!client) throw new NotFoundError(`Download client ${downloadClientId} has an unknown implementation`);
    return client;
  }

  private wrap(definition: ProviderDefinition): ConfiguredDownloadClient | undefined {
    const resolved = this.downloadClients.resolve(definition);
    if (!resolved) return undefined;
    const inner = resolved.provider.createClient(definition, resolved.settings);
    const track = <T>(call: () => Promise<T>): Promise<T> => this.statuses.track(definition.id, call);
    return {
      downloadClientId: inner.downloadClientId,
      name: inner.name,
      protocol: inner.protocol,
      test: () => inner.test(),
      download: (release) => track(() => inner.download(release)),
      getItems: () => track(() => inner.getItems()),
      removeItem: (id, deleteData) => track(() => inner.removeItem(id, deleteData)),
      postImportCategory: inner.postImportCategory,
      markItemAsImported: inner.markItemAsImported ? (id) => track(() => inner.markItemAsImported!(id)) : undefined,
      removeCompletedDownloads: definition.options?.removeCompletedDownloads !== false,
      removeFailedDownloads: definition.options?.removeFailedDownloads !== false,
    };
  }
}
