import { Injectable } from '@nestjs/common';
import { XMLParser } from 'fast-xml-parser';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { connectionFailure, ProviderMeta, providerFailure } from '../core/provider';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { HttpRequestError, httpRequest, redactUrl } from '../core/provider-http';
import { IndexerClient, ReleaseInfo } from './indexer-client';
import { IndexerProvider } from './newznab.indexer';
import { TorrentRssIndexerSettings } from './torrent-rss.settings';

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'item',
});

type Node = Record<string, unknown>;

type FeedItem = Omit<ReleaseInfo, 'indexerId' | 'indexer' | 'indexerPriority'>;

/** A feed problem the Test reports as such (not a connection failure). */
class FeedError extends Error {}

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1024,
  kib: 1024,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') {
    const inner = (value as Node)['#text'];
    return typeof inner === 'string' || typeof inner === 'number' ? String(inner) : undefined;
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

const attribute = (node: unknown, name: string): string | undefined =>
  node && typeof node === 'object' ? text((node as Node)[`@_${name}`]) : undefined;

/** "Size: 1.5 GB" style sizes, as feeds without a size element write them in the description. */
function sizeInText(value: string | undefined): number | undefined {
  const match = value?.match(/(\d+(?:[.,]\d+)?)\s*(b|kb|kib|mb|mib|gb|gib)\b/i);
  if (!match) return undefined;
  return Math.round(Number(match[1].replace(',', '.')) * UNITS[match[2].toLowerCase()]);
}

const numberIn = (value: string | undefined, label: RegExp): number | undefined => {
  const match = value?.match(label);
  return match ? Number(match[1]) : undefined;
};

/**
 * A plain torrent RSS feed (Readarr's "Torrent RSS Feed"): RSS only, no search. Like Readarr's feed detection it
 * takes the link from the enclosure when there is one, the size from the EZRSS `torrent:contentLength`, the
 * enclosure length, a `size` element or the description, and seeders/peers from `torrent:seeds`/`torrent:peers`
 * or the description.
 */
@Injectable()
export class TorrentRssIndexer implements IndexerProvider<TorrentRssIndexerSettings> {
  readonly meta: ProviderMeta<TorrentRssIndexerSettings> = {
    implementation: 'TorrentRssIndexer',
    implementationName: 'Torrent RSS Feed',
    configContract: 'TorrentRssIndexerSettings',
    settings: TorrentRssIndexerSettings,
    protocol: 'torrent',
  };
  readonly supportsRss = true;
  readonly supportsSearch = false;

  async test(settings: TorrentRssIndexerSettings): Promise<ValidationFailure[]> {
    try {
      const items = await this.fetch(settings);
      if (items.length === 0) return [providerFailure('', 'Empty feed, cannot check if feed is parsable.')];
      return [];
    } catch (error) {
      if (error instanceof FeedError) return [providerFailure('', error.message)];
      return [connectionFailure(error, 'baseUrl')];
    }
  }

  action(): Promise<unknown> {
    return Promise.resolve({});
  }

  createClient(definition: ProviderDefinition, settings: TorrentRssIndexerSettings): IndexerClient {
    const fetchRss = async () => (await this.fetch(settings)).map((item) => this.toRelease(item, definition));
    return {
      indexerId: definition.id,
      name: definition.name,
      protocol: 'torrent',
      tags: definition.tags ?? [],
      supportsRss: true,
      supportsSearch: false,
      fetchRss,
      search: () => Promise.resolve([]),
    };
  }

  private async fetch(settings: TorrentRssIndexerSettings): Promise<FeedItem[]> {
    const url = settings.baseUrl.trim().replace(/\/+$/, '');
    const headers: Record<string, string> = { Accept: 'application/rss+xml, application/xml, text/xml' };
    if (settings.cookie?.trim()) headers.Cookie = settings.cookie.trim();
    const response = await httpRequest(url, { headers });
    if (response.status === 429) throw new HttpRequestError(`Indexer rate limit reached (${redactUrl(url)})`, 429);
    if (response.status >= 400)
      throw new HttpRequestError(`Indexer answered HTTP ${response.status} for ${redactUrl(url)}`, response.status);
    if (/^\s*<(!doctype\s+)?html/i.test(response.text))
      throw new FeedError('Indexer responded with html content. Site is likely blocked or unavailable.');
    let document: Node;
    try {
      document = xml.parse(response.text) as Node;
    } catch {
      throw new FeedError(`Could not parse feed from ${redactUrl(url)}`);
    }
    const channel = ((document.rss as Node | undefined)?.channel ?? {}) as Node;
    const items = ((channel.item ?? []) as Node[]).map((item) => this.parseItem(item));
    if (!settings.allowZeroSize && items.some((item) => !item.size))
      throw new FeedError(
        "Feed doesn't contain the release content size. Enable Allow Zero Size to use it without size checks.",
      );
    return items;
  }

  private parseItem(item: Node): FeedItem {
    const title = text(item.title) ?? '';
    const description = text(item.description);
    const enclosure = item.enclosure;
    const link = text(item.link);
    const magnet = text(item['torrent:magnetURI']) ?? (link?.startsWith('magnet:') ? link : undefined);
    const downloadUrl = attribute(enclosure, 'url') ?? link ?? magnet ?? '';
    const size =
      Number(text(item['torrent:contentLength'])) ||
      Number(attribute(enclosure, 'length')) ||
      Number(text(item.size) ?? text(item.Size)) ||
      sizeInText(description) ||
      0;
    const seeders = Number(text(item['torrent:seeds']) ?? numberIn(description, /seed(?:er)?s?:\s*(\d+)/i) ?? NaN);
    const leechers = Number(text(item['torrent:peers']) ?? numberIn(description, /leech(?:er)?s?:\s*(\d+)/i) ?? NaN);
    const published = text(item.pubDate);
    const publishDate = published ? new Date(published) : undefined;
    const hash = text(item['torrent:infoHash']) ?? magnet?.match(/xt=urn:btih:([0-9a-z]+)/i)?.[1];
    return {
      title,
      guid: text(item.guid) ?? downloadUrl,
      downloadUrl,
      infoUrl: text(item.comments) ?? (link && link !== downloadUrl ? link : undefined),
      size,
      publishDate: publishDate && !Number.isNaN(publishDate.getTime()) ? publishDate : undefined,
      protocol: 'torrent',
      seeders: Number.isFinite(seeders) ? seeders : undefined,
      // Torznab's peers count seeders too; description "Leechers" do not.
      peers: Number.isFinite(leechers)
        ? leechers + (Number.isFinite(seeders) && !item['torrent:peers'] ? seeders : 0)
        : undefined,
      infoHash: hash?.toUpperCase(),
      magnetUrl: magnet,
      categories: [],
      indexerFlags: 0,
    };
  }

  private toRelease(item: FeedItem, definition: ProviderDefinition): ReleaseInfo {
    return { ...item, indexerId: definition.id, indexer: definition.name, indexerPriority: definition.priority };
  }
}
