import type { ServerResponse } from 'node:http';
import { FakeHttpServer, RecordedRequest, send } from './fake-http';
import { makeTorrent } from './torrent-files';

export interface FakeRelease {
  title: string;
  guid?: string;
  size?: number;
  /** When set, size is only given as the enclosure length (no size attribute). */
  sizeInEnclosureOnly?: boolean;
  category?: number;
  pubDate?: string;
  seeders?: number;
  peers?: number;
  infoHash?: string;
  author?: string;
  bookTitle?: string;
}

export interface FakeNewznabOptions {
  apiKey: string;
  torznab?: boolean;
  /** Whether caps advertise book-search with author and title. */
  bookSearch?: boolean;
  releases?: FakeRelease[];
  maxLimit?: number;
  /** Refuse `t=caps` without the key too, as Prowlarr's per-indexer endpoints do. */
  capsRequiresApiKey?: boolean;
  /** HTTP status of a refused key (Newznab answers 200 with an error document; Prowlarr 401). */
  refusedKeyStatus?: number;
  /** Where the indexer is reachable when another server mounts it (links in items point there). */
  publicUrl?: () => string;
}

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A Newznab (or Torznab) indexer speaking the real XML API under `/api`. */
export class FakeNewznab extends FakeHttpServer {
  releases: FakeRelease[];

  constructor(readonly options: FakeNewznabOptions) {
    super((request, response) => this.handle(request, response));
    this.releases = options.releases ?? [];
  }

  /** The indexer's answers, usable by a server that mounts it under a path (see FakeProwlarr). */
  handle(request: RecordedRequest, response: ServerResponse): void {
    {
      const query = request.url.searchParams;
      // Download links of the items (`<link>`/enclosure): a minimal valid NZB (Torznab: a .torrent named by the guid).
      if (request.url.pathname.includes('/getnzb/')) {
        const guid = decodeURIComponent(request.url.pathname.split('/getnzb/')[1] ?? '');
        if (this.options.torznab) return send(response, 200, makeTorrent(guid).data, 'application/x-bittorrent');
        return send(response, 200, this.nzbXml(guid), 'application/x-nzb');
      }
      const t = query.get('t');
      if (t === 'caps' && !this.options.capsRequiresApiKey)
        return send(response, 200, this.capsXml(), 'application/xml');
      if (query.get('apikey') !== this.options.apiKey)
        return send(
          response,
          this.options.refusedKeyStatus ?? 200,
          '<?xml version="1.0" encoding="UTF-8"?>\n<error code="100" description="Incorrect user credentials"/>',
          'application/xml',
        );
      if (t === 'caps') return send(response, 200, this.capsXml(), 'application/xml');
      if (t === 'search' || t === 'book') {
        const offset = Number(query.get('offset') ?? 0);
        const limit = Number(query.get('limit') ?? 100);
        let matching = this.releases;
        const q = query.get('q') ?? [query.get('author'), query.get('title')].filter(Boolean).join(' ');
        if (q) {
          const words = q.toLowerCase().split(/\s+/);
          matching = matching.filter((release) => words.every((word) => release.title.toLowerCase().includes(word)));
        }
        return send(response, 200, this.rssXml(matching.slice(offset, offset + limit)), 'application/rss+xml');
      }
      send(response, 200, '<error code="202" description="No such function"/>', 'application/xml');
    }
  }

  private get linkBase(): string {
    return this.options.publicUrl?.() ?? this.url;
  }

  /** A minimal NZB document (one file, one segment) naming the release. */
  nzbXml(guid: string): string {
    return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE nzb PUBLIC "-//newzBin//DTD NZB 1.1//EN" "http://www.newzbin.com/DTD/nzb/nzb-1.1.dtd">
<nzb xmlns="http://www.newzbin.com/DTD/2003/nzb">
  <file poster="fake@example.com" date="1762250400" subject="${escape(guid)} (1/1)">
    <groups><group>alt.binaries.ebook</group></groups>
    <segments><segment bytes="1024" number="1">${escape(guid)}@fake</segment></segments>
  </file>
</nzb>`;
  }

  private capsXml(): string {
    const bookSearch = this.options.bookSearch
      ? '<book-search available="yes" supportedParams="q,author,title"/>'
      : '<book-search available="no" supportedParams="q"/>';
    return `<?xml version="1.0" encoding="UTF-8"?>
<caps>
  <server version="1.0" title="Fake indexer"/>
  <limits max="${this.options.maxLimit ?? 100}" default="50"/>
  <searching>
    <search available="yes" supportedParams="q"/>
    ${bookSearch}
  </searching>
  <categories>
    <category id="3000" name="Audio"><subcat id="3030" name="Audiobook"/></category>
    <category id="7000" name="Books"><subcat id="7020" name="EBook"/><subcat id="7030" name="Comics"/></category>
  </categories>
</caps>`;
  }

  private rssXml(releases: FakeRelease[]): string {
    const ns = this.options.torznab ? 'torznab' : 'newznab';
    const items = releases
      .map((release, index) => {
        const guid = release.guid ?? `guid-${index}-${release.title}`;
        const link = `${this.linkBase}/getnzb/${encodeURIComponent(guid)}?apikey=${this.options.apiKey}`;
        const attrs = [
          release.sizeInEnclosureOnly ? '' : `<${ns}:attr name="size" value="${release.size ?? 0}"/>`,
          `<${ns}:attr name="category" value="${release.category ?? 7020}"/>`,
          release.seeders !== undefined ? `<${ns}:attr name="seeders" value="${release.seeders}"/>` : '',
          release.peers !== undefined ? `<${ns}:attr name="peers" value="${release.peers}"/>` : '',
          release.infoHash ? `<${ns}:attr name="infohash" value="${release.infoHash}"/>` : '',
          release.author ? `<${ns}:attr name="author" value="${escape(release.author)}"/>` : '',
          release.bookTitle ? `<${ns}:attr name="booktitle" value="${escape(release.bookTitle)}"/>` : '',
        ].join('');
        return `<item>
  <title>${escape(release.title)}</title>
  <guid isPermaLink="false">${escape(guid)}</guid>
  <link>${escape(link)}</link>
  <comments>${this.linkBase}/details/${encodeURIComponent(guid)}#comments</comments>
  <pubDate>${release.pubDate ?? 'Tue, 04 Nov 2025 10:00:00 +0000'}</pubDate>
  <category>Books &gt; EBook</category>
  <enclosure url="${escape(link)}" length="${release.size ?? 0}" type="${this.options.torznab ? 'application/x-bittorrent' : 'application/x-nzb'}"/>
  ${attrs}
</item>`;
      })
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:${ns}="http://${ns}.com/schemas/201x/feed">
<channel><title>Fake</title>${items}</channel></rss>`;
  }
}
