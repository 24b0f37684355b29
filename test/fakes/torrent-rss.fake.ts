import { FakeHttpServer, send } from './fake-http';
import { makeTorrent } from './torrent-files';

export interface FakeRssRelease {
  title: string;
  guid: string;
  size: number;
  seeders: number;
  peers: number;
}

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A private tracker's torrent RSS feeds as sites write them: `/rss` in the EZRSS schema (`torrent:` elements,
 * enclosure with length) behind a login cookie (without it, the site's HTML login page), `/plain` with size and
 * seeders only in the description, `/nosize` without any size, `/empty`; `/dl/{guid}.torrent` serves the files.
 */
export class FakeTorrentRss extends FakeHttpServer {
  constructor(
    readonly cookie: string,
    readonly releases: FakeRssRelease[],
  ) {
    super((request, response) => {
      const path = request.url.pathname;
      const download = path.match(/^\/dl\/(.+)\.torrent$/);
      if (download)
        return send(response, 200, makeTorrent(decodeURIComponent(download[1])).data, 'application/x-bittorrent');
      if (request.headers.cookie !== this.cookie)
        return send(
          response,
          200,
          '<!DOCTYPE html><html><body><form action="/login">Login</form></body></html>',
          'text/html',
        );
      if (path === '/rss')
        return send(
          response,
          200,
          this.feed((r) => this.ezrssItem(r)),
          'application/rss+xml',
        );
      if (path === '/plain')
        return send(
          response,
          200,
          this.feed((r) => this.plainItem(r)),
          'application/rss+xml',
        );
      if (path === '/nosize')
        return send(
          response,
          200,
          this.feed((r) => this.bareItem(r)),
          'application/rss+xml',
        );
      if (path === '/empty')
        return send(
          response,
          200,
          this.feed(() => ''),
          'application/rss+xml',
        );
      send(response, 404, 'Not Found');
    });
  }

  private link(release: FakeRssRelease): string {
    return `${this.url}/dl/${encodeURIComponent(release.guid)}.torrent`;
  }

  private feed(item: (release: FakeRssRelease) => string): string {
    return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:torrent="http://xmlns.ezrss.it/0.1/">
<channel><title>Fake tracker</title><link>${this.url}</link>
${this.releases.map(item).join('\n')}
</channel></rss>`;
  }

  private ezrssItem(release: FakeRssRelease): string {
    const hash = makeTorrent(release.guid).hash;
    return `<item>
  <title>${escape(release.title)}</title>
  <link>${this.url}/details/${release.guid}</link>
  <guid isPermaLink="false">${release.guid}</guid>
  <pubDate>Tue, 04 Nov 2025 10:00:00 +0000</pubDate>
  <enclosure url="${escape(this.link(release))}" length="${release.size}" type="application/x-bittorrent"/>
  <torrent:contentLength>${release.size}</torrent:contentLength>
  <torrent:infoHash>${hash}</torrent:infoHash>
  <torrent:seeds>${release.seeders}</torrent:seeds>
  <torrent:peers>${release.peers}</torrent:peers>
</item>`;
  }

  private plainItem(release: FakeRssRelease): string {
    const mb = (release.size / 1024 / 1024).toFixed(2);
    return `<item>
  <title>${escape(release.title)}</title>
  <link>${escape(this.link(release))}</link>
  <guid>${release.guid}</guid>
  <pubDate>Tue, 04 Nov 2025 10:00:00 +0000</pubDate>
  <description>Category: Books | Size: ${mb} MB | Seeders: ${release.seeders} | Leechers: ${release.peers - release.seeders}</description>
</item>`;
  }

  private bareItem(release: FakeRssRelease): string {
    return `<item><title>${escape(release.title)}</title><link>${escape(this.link(release))}</link>
  <pubDate>Tue, 04 Nov 2025 10:00:00 +0000</pubDate></item>`;
  }
}
