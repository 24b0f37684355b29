import { Injectable } from '@nestjs/common';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { connectionFailure, Provider, ProviderMeta, providerFailure } from '../core/provider';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { BookSearchCriteria, IndexerClient, IndexerFlag, ReleaseInfo } from './indexer-client';
import { categoryOptions, DEFAULT_NEWZNAB_CATEGORIES } from './newznab-categories';
import { NewznabApi } from './newznab-api';
import { NewznabApiError, ParsedItem } from './newznab-parser';
import { NewznabSettings, TorznabSettings } from './newznab.settings';

/** What an indexer implementation adds to a Provider: a client for a stored definition. */
export interface IndexerProvider<S extends object = object> extends Provider<S> {
  readonly supportsRss: boolean;
  readonly supportsSearch: boolean;
  createClient(definition: ProviderDefinition, settings: S): IndexerClient;
}

const NO_RESULTS =
  'Query successful, but no results in the configured categories were returned from your indexer. ' +
  'This may be an issue with the indexer or your indexer category settings.';

/** Newznab and Torznab share the API; Torznab adds seeders, peers, info hash and magnets. */
abstract class NewznabFamilyIndexer<S extends NewznabSettings> implements IndexerProvider<S> {
  abstract readonly meta: ProviderMeta<S>;
  readonly supportsRss = true;
  readonly supportsSearch = true;
  protected readonly api = new NewznabApi();

  async test(settings: S): Promise<ValidationFailure[]> {
    try {
      const caps = await this.api.caps(settings, true);
      if (!caps.searchAvailable && !caps.bookSearchAvailable)
        return [providerFailure('', 'Indexer does not support searching')];
      const items = await this.api.fetchPages(settings, { t: 'search', cat: settings.categories.join(',') }, 10, 1);
      if (items.length === 0) return [providerFailure('', NO_RESULTS, { isWarning: true })];
      return [];
    } catch (error) {
      if (error instanceof NewznabApiError && error.isApiKeyError)
        return [providerFailure('apiKey', 'Invalid API Key', { detailedDescription: error.description })];
      if (error instanceof NewznabApiError)
        return [providerFailure('', `Unable to connect to indexer: ${error.description}`)];
      return [connectionFailure(error, 'baseUrl')];
    }
  }

  async action(name: string, settings: S): Promise<unknown> {
    if (name.toLowerCase() !== 'newznabcategories') return {};
    let categories = DEFAULT_NEWZNAB_CATEGORIES;
    if (settings.baseUrl) {
      try {
        const caps = await this.api.caps(settings);
        if (caps.categories.length > 0) categories = caps.categories;
      } catch {
        // Readarr falls back to the standard categories when caps cannot be read.
      }
    }
    return categoryOptions(categories);
  }

  createClient(definition: ProviderDefinition, settings: S): IndexerClient {
    const toRelease = (item: ParsedItem) => this.toRelease(item, definition, settings);
    const api = this.api;
    const protocol = this.meta.protocol ?? 'usenet';
    return {
      indexerId: definition.id,
      name: definition.name,
      protocol,
      tags: definition.tags ?? [],
      supportsRss: this.supportsRss,
      supportsSearch: this.supportsSearch,
      async fetchRss(): Promise<ReleaseInfo[]> {
        const caps = await api.caps(settings);
        const items = await api.fetchPages(
          settings,
          { t: 'search', cat: settings.categories.join(',') },
          caps.maxPageSize,
          1,
        );
        return items.map(toRelease).filter((release): release is ReleaseInfo => !!release);
      },
      async search(criteria: BookSearchCriteria): Promise<ReleaseInfo[]> {
        const caps = await api.caps(settings);
        const cat = settings.categories.join(',');
        const canBookSearch =
          caps.bookSearchAvailable &&
          caps.bookSearchParams.includes('author') &&
          caps.bookSearchParams.includes('title');
        const params =
          canBookSearch && (criteria.author || criteria.title)
            ? { t: 'book', cat, author: criteria.author, title: criteria.title }
            : {
                t: 'search',
                cat,
                q: criteria.query ?? [criteria.author, criteria.title].filter(Boolean).join(' '),
              };
        const items = await api.fetchPages(settings, params, caps.maxPageSize, 5);
        return items.map(toRelease).filter((release): release is ReleaseInfo => !!release);
      },
    };
  }

  protected toRelease(item: ParsedItem, definition: ProviderDefinition, _settings: S): ReleaseInfo | undefined {
    if (!item.title || !item.downloadUrl) return undefined;
    return {
      title: item.title,
      guid: item.guid || item.downloadUrl,
      downloadUrl: item.downloadUrl,
      infoUrl: item.infoUrl,
      commentUrl: item.commentUrl,
      size: item.size,
      publishDate: item.publishDate,
      indexerId: definition.id,
      indexer: definition.name,
      indexerPriority: definition.priority,
      protocol: this.meta.protocol ?? 'usenet',
      categories: item.categories,
      indexerFlags: 0,
      author: item.attributes.author,
      bookTitle: item.attributes.booktitle ?? item.attributes.title,
    };
  }
}

const preset = (name: string, baseUrl: string, apiPath = '/api') => ({ name, settings: { baseUrl, apiPath } });

@Injectable()
export class NewznabIndexer extends NewznabFamilyIndexer<NewznabSettings> {
  readonly meta: ProviderMeta<NewznabSettings> = {
    implementation: 'Newznab',
    implementationName: 'Newznab',
    configContract: 'NewznabSettings',
    settings: NewznabSettings,
    protocol: 'usenet',
    presets: [
      preset('DOGnzb', 'https://api.dognzb.cr'),
      preset('DrunkenSlug', 'https://drunkenslug.com'),
      preset('Nzb.su', 'https://api.nzb.su'),
      preset('NZBCat', 'https://nzb.cat'),
      preset('NZBFinder.ws', 'https://nzbfinder.ws'),
      preset('NZBgeek', 'https://api.nzbgeek.info'),
      preset('nzbplanet.net', 'https://api.nzbplanet.net'),
      preset('SimplyNZBs', 'https://simplynzbs.com'),
      preset('Tabula Rasa', 'https://www.tabula-rasa.pw', '/api/v1/api'),
      preset('Usenet Crawler', 'https://www.usenet-crawler.com'),
    ],
  };
}

@Injectable()
export class TorznabIndexer extends NewznabFamilyIndexer<TorznabSettings> {
  readonly meta: ProviderMeta<TorznabSettings> = {
    implementation: 'Torznab',
    implementationName: 'Torznab',
    configContract: 'TorznabSettings',
    settings: TorznabSettings,
    protocol: 'torrent',
  };

  protected toRelease(item: ParsedItem, definition: ProviderDefinition, settings: TorznabSettings) {
    // Minimum seeders are the decision engine's business (Readarr's SeedersSpecification), not the parser's.
    const release = super.toRelease(item, definition, settings);
    if (!release) return undefined;
    const { attributes } = item;
    const seeders = attributes.seeders !== undefined ? Number(attributes.seeders) : undefined;
    const peers = attributes.peers !== undefined ? Number(attributes.peers) : undefined;
    const magnet =
      attributes.magneturl || (release.downloadUrl.startsWith('magnet:') ? release.downloadUrl : undefined);
    const hashFromMagnet = magnet?.match(/xt=urn:btih:([0-9a-z]+)/i)?.[1];
    let flags = 0;
    if (attributes.downloadvolumefactor === '0') flags |= IndexerFlag.freeleech;
    if (attributes.downloadvolumefactor === '0.5') flags |= IndexerFlag.halfleech;
    if (attributes.uploadvolumefactor === '2') flags |= IndexerFlag.doubleUpload;
    return {
      ...release,
      seeders: Number.isFinite(seeders) ? seeders : undefined,
      peers: Number.isFinite(peers) ? peers : undefined,
      infoHash: (attributes.infohash || hashFromMagnet)?.toUpperCase(),
      magnetUrl: magnet,
      indexerFlags: flags,
    };
  }
}
