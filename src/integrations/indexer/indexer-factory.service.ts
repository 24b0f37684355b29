import { Injectable, Logger } from '@nestjs/common';
import { NotFoundError } from '../../platform/common/errors/domain-errors';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { ProviderStatusService } from '../core/provider-status.service';
import { IndexerClient } from './indexer-client';
import { IndexerService } from './indexer.service';

type Use = 'rss' | 'automaticSearch' | 'interactiveSearch';
const FLAG: Record<Use, string> = {
  rss: 'enableRss',
  automaticSearch: 'enableAutomaticSearch',
  interactiveSearch: 'enableInteractiveSearch',
};

/**
 * Hands out ready-to-query indexers to the search and RSS code. Every call through a client records success or
 * failure, so an indexer that keeps failing is backed off (5 min … 24 h) and skipped until then.
 */
@Injectable()
export class IndexerFactory {
  private readonly logger = new Logger(IndexerFactory.name);

  constructor(
    private readonly indexers: IndexerService,
    private readonly statuses: ProviderStatusService,
  ) {}

  isBackedOff(indexerId: number): Promise<boolean> {
    return this.statuses.isBackedOff(indexerId);
  }

  /** Enabled indexers for a use, ordered by priority, without the backed-off ones. */
  async enabledFor(use: Use): Promise<IndexerClient[]> {
    const definitions = (await this.indexers.listEnabled()).filter(
      (definition) => definition.options[FLAG[use]] === true,
    );
    const usable = await this.statuses.notBackedOff(definitions);
    for (const d of definitions) if (!usable.includes(d)) this.logger.debug(`Indexer ${d.id} is backed off, skipped`);
    return usable.flatMap((d) => this.wrap(d) ?? []);
  }

  async client(indexerId: number): Promise<IndexerClient> {
    const client = this.wrap(await this.indexers.require(indexerId));
    if (!client) throw new NotFoundError(`Indexer ${indexerId} has an unknown implementation`);
    return client;
  }

  private wrap(definition: ProviderDefinition): IndexerClient | undefined {
    const resolved = this.indexers.resolve(definition);
    if (!resolved) return undefined;
    const inner = resolved.provider.createClient(definition, resolved.settings);
    const track = <T>(call: () => Promise<T>): Promise<T> => this.statuses.track(definition.id, call);
    return {
      indexerId: inner.indexerId,
      name: inner.name,
      protocol: inner.protocol,
      tags: definition.tags ?? [],
      supportsRss: inner.supportsRss,
      supportsSearch: inner.supportsSearch,
      fetchRss: () => track(() => inner.fetchRss()),
      search: (criteria) => track(() => inner.search(criteria)),
    };
  }
}
