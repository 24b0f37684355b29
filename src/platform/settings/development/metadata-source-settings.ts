import { Injectable } from '@nestjs/common';
import { EnvService } from '../../env/env.service';
import { ConfigStore } from '../../database/config-store.service';
import {
  DEVELOPMENT_CONFIG_DEFAULTS,
  DEVELOPMENT_CONFIG_KEY,
  DevelopmentConfig,
  METADATA_SOURCE_TYPES,
  MetadataSourceType,
} from './development-config';

// Other processes may change the setting; re-read it at most this often.
const CACHE_MS = 5_000;

/**
 * Where the metadata and cover servers are: the env variables METADATA_SOURCE_URL / COVER_SOURCE_URL
 * when set, else `config/development` (`metadataSource`, `coverSource`), else Open Library.
 * Returned without a trailing slash.
 */
@Injectable()
export class MetadataSourceSettings {
  private cached?: { config: DevelopmentConfig; readAt: number };

  constructor(
    private readonly store: ConfigStore,
    private readonly env: EnvService,
  ) {}

  async effectiveMetadataSource(): Promise<string> {
    const configured = this.env.get('METADATA_SOURCE_URL') ?? (await this.config()).metadataSource;
    return trimSlash(configured || DEVELOPMENT_CONFIG_DEFAULTS.metadataSource);
  }

  async effectiveCoverSource(): Promise<string> {
    const configured = this.env.get('COVER_SOURCE_URL') ?? (await this.config()).coverSource;
    return trimSlash(configured || DEVELOPMENT_CONFIG_DEFAULTS.coverSource);
  }

  /** The protocol of the metadata source (`config/development` `metadataSourceType`, Open Library by default). */
  async effectiveMetadataSourceType(): Promise<MetadataSourceType> {
    const stored = (await this.config()).metadataSourceType;
    return METADATA_SOURCE_TYPES.includes(stored) ? stored : DEVELOPMENT_CONFIG_DEFAULTS.metadataSourceType;
  }

  /** The secondary source's URL (`metadataEnrichmentSource`), or undefined when enrichment is off. */
  async effectiveEnrichmentSource(): Promise<string | undefined> {
    const configured = (await this.config()).metadataEnrichmentSource?.trim();
    return configured ? trimSlash(configured) : undefined;
  }

  /** Called after `PUT /config/development` so this process sees the change at once. */
  invalidate(): void {
    this.cached = undefined;
  }

  private async config(): Promise<DevelopmentConfig> {
    if (this.cached && Date.now() - this.cached.readAt < CACHE_MS) return this.cached.config;
    const config = await this.store.getSection(DEVELOPMENT_CONFIG_KEY, DEVELOPMENT_CONFIG_DEFAULTS);
    this.cached = { config, readAt: Date.now() };
    return config;
  }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
