import { Injectable } from '@nestjs/common';
import { MetadataSourceSettings as SourceLocations } from '../../platform/settings/development/metadata-source-settings';
import type { MetadataSourceType } from '../../platform/settings/development/development-config';
import { ConfigStore } from '../../platform/database/config-store.service';
import {
  METADATA_PROVIDER_CONFIG_DEFAULTS,
  METADATA_PROVIDER_CONFIG_KEY,
} from '../../platform/settings/metadata-provider/metadata-provider-config';

export interface MetadataSourceSettings {
  /** API base without a trailing slash, e.g. `https://openlibrary.org`. */
  apiBase: string;
  /** Covers host without a trailing slash, e.g. `https://covers.openlibrary.org`. */
  coverBase: string;
  requestsPerMinute: number;
  userAgent: string;
}

export type { MetadataSourceType };

/**
 * Where the metadata source lives (env METADATA_SOURCE_URL / COVER_SOURCE_URL, else `config/development`
 * `metadataSource` / `coverSource`, else Open Library: resolved by the settings feature) and how politely
 * to call it (`config/metadataprovider` `requestsPerMinute` and `userAgent`).
 */
@Injectable()
export class MetadataSourceSettingsService {
  constructor(
    private readonly locations: SourceLocations,
    private readonly store: ConfigStore,
  ) {}

  async resolve(): Promise<MetadataSourceSettings> {
    const [apiBase, coverBase, provider] = await Promise.all([
      this.locations.effectiveMetadataSource(),
      this.locations.effectiveCoverSource(),
      this.store.getSection(METADATA_PROVIDER_CONFIG_KEY, METADATA_PROVIDER_CONFIG_DEFAULTS),
    ]);
    return {
      apiBase,
      coverBase,
      requestsPerMinute: provider.requestsPerMinute > 0 ? provider.requestsPerMinute : 60,
      userAgent: provider.userAgent.trim() || 'Quire',
    };
  }

  /** The secondary source (the other protocol) for enrichment, when configured. */
  enrichmentBase(): Promise<string | undefined> {
    return this.locations.effectiveEnrichmentSource();
  }

  /** Which protocol the configured source speaks (`config/development` `metadataSourceType`). */
  type(): Promise<MetadataSourceType> {
    return this.locations.effectiveMetadataSourceType();
  }
}
