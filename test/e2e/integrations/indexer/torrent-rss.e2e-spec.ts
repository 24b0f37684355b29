import { DataSource } from 'typeorm';
import { IndexerFactory } from '../../../../src/integrations/indexer';
import { createAuthor, createBook } from '../../../factories';
import { FakeQBittorrent, parseMultipart } from '../../../fakes/qbittorrent-fake';
import { makeTorrent } from '../../../fakes/torrent-files';
import { FakeTorrentRss } from '../../../fakes/torrent-rss.fake';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { addQBittorrent, ebookProfileId } from '../../../utils/search-fixture';

const COOKIE = 'uid=7; pass=tracker-cookie-secret';

interface WireField {
  name: string;
  value?: unknown;
  order: number;
  type: string;
  advanced: boolean;
}

describe('indexer: Torrent RSS Feed (TorrentRssIndexer) against a fake tracker feed and qBittorrent', () => {
  let t: TestApp;
  let feed: FakeTorrentRss;
  let qbit: FakeQBittorrent;
  const releases = [
    { title: 'Rae Feeder - Night Harbour (azw3)', guid: 'rss-few', size: 2_097_152, seeders: 1, peers: 2 },
    { title: 'Rae Feeder - Night Harbour (epub)', guid: 'rss-many', size: 1_572_864, seeders: 9, peers: 12 },
  ];

  const body = (path: string, fields: { name: string; value: unknown }[] = []) => ({
    name: `Tracker ${path}`,
    enableRss: true,
    enableAutomaticSearch: false,
    enableInteractiveSearch: false,
    implementation: 'TorrentRssIndexer',
    configContract: 'TorrentRssIndexerSettings',
    fields: [{ name: 'baseUrl', value: `${feed.url}${path}` }, { name: 'cookie', value: COOKIE }, ...fields],
  });

  beforeAll(async () => {
    feed = await new FakeTorrentRss(COOKIE, releases).start();
    const hashes = new Map(
      releases.map((r) => [makeTorrent(r.guid).data.toString('latin1'), makeTorrent(r.guid).hash]),
    );
    qbit = await new FakeQBittorrent('admin', 'secret', (data) => hashes.get(data.toString('latin1'))).start();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await feed.stop();
    await qbit.stop();
  });

  it('the schema offers TorrentRssIndexer with Readarr’s fields, RSS only', async () => {
    const schema = (await t.api.get('/api/v1/indexer/schema').expect(200)).body;
    const rss = schema.find((item: { implementation: string }) => item.implementation === 'TorrentRssIndexer');
    expect(rss).toMatchObject({
      implementationName: 'Torrent RSS Feed',
      configContract: 'TorrentRssIndexerSettings',
      protocol: 'torrent',
      supportsRss: true,
      supportsSearch: false,
    });
    expect(rss.fields.map((f: WireField) => [f.order, f.name])).toEqual([
      [0, 'baseUrl'],
      [1, 'cookie'],
      [2, 'allowZeroSize'],
      [3, 'earlyReleaseLimit'],
      [4, 'minimumSeeders'],
      [5, 'seedCriteria.seedRatio'],
      [6, 'seedCriteria.seedTime'],
      [7, 'seedCriteria.discographySeedTime'],
      [8, 'rejectBlocklistedTorrentHashesWhileGrabbing'],
    ]);
  });

  it('Torrent RSS: the cookie is sent with the feed request; without it the site’s login page fails the test', async () => {
    const before = feed.requests.length;
    await t.api.post('/api/v1/indexer/test').send(body('/rss')).expect(200);
    expect(feed.requests.slice(before).map((r) => r.headers.cookie)).toEqual([COOKIE]);
    const noCookie = { ...body('/rss'), fields: [{ name: 'baseUrl', value: `${feed.url}/rss` }] };
    const refused = await t.api.post('/api/v1/indexer/test').send(noCookie).expect(400);
    expect(refused.body[0].errorMessage).toBe(
      'Indexer responded with html content. Site is likely blocked or unavailable.',
    );
    const empty = await t.api.post('/api/v1/indexer/test').send(body('/empty')).expect(400);
    expect(empty.body[0].errorMessage).toBe('Empty feed, cannot check if feed is parsable.');
  });

  it('Torrent RSS: a feed without sizes is refused unless Allow Zero Size is on', async () => {
    const refused = await t.api.post('/api/v1/indexer/test').send(body('/nosize')).expect(400);
    expect(refused.body[0].errorMessage).toContain("Feed doesn't contain the release content size");
    await t.api
      .post('/api/v1/indexer/test')
      .send(body('/nosize', [{ name: 'allowZeroSize', value: true }]))
      .expect(200);
  });

  it('Torrent RSS: sizes, seeders, peers and hashes come from EZRSS elements or from the description', async () => {
    const created = await t.api.post('/api/v1/indexer').send(body('/plain')).expect(200);
    const created2 = await t.api.post('/api/v1/indexer').send(body('/rss')).expect(200);
    expect(JSON.stringify(created.body)).not.toContain('tracker-cookie-secret');
    const factory = t.app.get(IndexerFactory);
    const plain = await (await factory.client(created.body.id)).fetchRss();
    expect(plain[1]).toMatchObject({ size: 1_572_864, seeders: 9, peers: 12, protocol: 'torrent' });
    expect(plain[1].downloadUrl).toBe(`${feed.url}/dl/rss-many.torrent`);
    const ezrss = await (await factory.client(created2.body.id)).fetchRss();
    expect(ezrss[1]).toMatchObject({
      size: 1_572_864,
      seeders: 9,
      peers: 12,
      infoHash: makeTorrent('rss-many').hash,
      guid: 'rss-many',
      downloadUrl: `${feed.url}/dl/rss-many.torrent`,
    });
    expect(ezrss[1].publishDate?.toISOString()).toBe('2025-11-04T10:00:00.000Z');
    await t.api.delete(`/api/v1/indexer/${created.body.id}`).expect(200);
    await t.api.delete(`/api/v1/indexer/${created2.body.id}`).expect(200);
  });

  it('Torrent RSS: RSS sync skips the release under the minimum seeders and grabs the next with the seed ratio', async () => {
    await t.api
      .post('/api/v1/indexer')
      .send(
        body('/rss', [
          { name: 'minimumSeeders', value: 3 },
          { name: 'seedCriteria.seedRatio', value: 2.5 },
        ]),
      )
      .expect(200);
    await addQBittorrent(t, { port: qbit.port, username: 'admin', password: 'secret' });
    const db = t.app.get(DataSource);
    const author = await createAuthor(db, { name: 'Rae Feeder', qualityProfileId: await ebookProfileId(db) });
    await createBook(db, author, { title: 'Night Harbour', releaseDate: new Date('2020-01-01') });

    await runCommand(t, 'RssSync');
    expect(qbit.torrents.map((torrent) => torrent.hash)).toEqual([makeTorrent('rss-many').hash.toLowerCase()]);
    const add = qbit.requests.find((r) => r.url.pathname === '/api/v2/torrents/add')!;
    expect(parseMultipart(add).fields.ratioLimit).toBe('2.5');
    const history = (await t.api.get('/api/v1/history').expect(200)).body;
    expect(history.records[0]).toMatchObject({
      eventType: 'grabbed',
      sourceTitle: 'Rae Feeder - Night Harbour (epub)',
    });
  });
});
