import { Injectable } from '@nestjs/common';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import {
  MetadataSourceProbeAnswer,
  MetadataSourceProbeEvent,
} from '../../platform/settings/development/metadata-source-probe.event';
import { MetadataHttpClient, RequestIdentity } from './http/metadata-http.client';
import { MetadataSourceSettingsService } from './metadata-source-settings.service';

/**
 * Tells which protocol a server speaks, asking once each way through the metadata HTTP client (not cached):
 * a BookInfo server answers `/author/changed` with `{Limited, Ids}`; Open Library answers `/search/authors.json`
 * with `{docs}`. Anything else (or no answer) is "cannot tell".
 */
@Injectable()
export class MetadataSourceProbeListener {
  constructor(
    private readonly http: MetadataHttpClient,
    private readonly settings: MetadataSourceSettingsService,
  ) {}

  @OnDomainEvent(MetadataSourceProbeEvent.NAME)
  async probe(event: MetadataSourceProbeEvent): Promise<MetadataSourceProbeAnswer> {
    const { userAgent, requestsPerMinute } = await this.settings.resolve();
    const identity: RequestIdentity = { sourceName: event.url, userAgent, requestsPerMinute };
    const ask = (path: string) =>
      this.http
        .getJson<Record<string, unknown>>(`${event.url}${path}`, identity, {
          fresh: true,
          store: false,
          retries: 0,
          timeoutMs: 5_000,
        })
        .catch(() => undefined);
    const changed = await ask(`/author/changed?since=${encodeURIComponent(new Date().toISOString())}`);
    if (changed && typeof changed === 'object' && ('Limited' in changed || 'Ids' in changed)) return 'bookInfo';
    const search = await ask('/search/authors.json?q=tolkien&limit=1&fields=key');
    if (search && Array.isArray(search.docs)) return 'openLibrary';
    return undefined;
  }
}
