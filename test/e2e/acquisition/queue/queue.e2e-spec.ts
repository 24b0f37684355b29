import { DataSource } from 'typeorm';
import { createAuthor, createBook } from '../../../factories';
import { FakeNewznab } from '../../../fakes/newznab-fake';
import { FakeQBittorrent } from '../../../fakes/qbittorrent-fake';
import { makeTorrent } from '../../../fakes/torrent-files';
import { runCommand, waitForCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { addIndexer, addQBittorrent, ebookProfileId } from '../../../utils/search-fixture';

const KEY = 'torznab-key-0001';
const GUIDS = ['t-epub', 't-mobi'];

interface CommandRow {
  id: number;
  name: string;
  body: { bookIds?: number[] };
}

describe('interactive grab, queue removal, history/failed and blocklist (fake Torznab + fake qBittorrent)', () => {
  let t: TestApp;
  let torznab: FakeNewznab;
  let qbit: FakeQBittorrent;
  let bookId: number;
  let authorId: number;
  let indexerId: number;
  const hashes = new Map(GUIDS.map((guid) => [makeTorrent(guid).data.toString('latin1'), makeTorrent(guid).hash]));

  const bookSearches = async () =>
    ((await t.api.get('/api/v1/command').expect(200)).body as CommandRow[]).filter(
      (command) => command.name === 'BookSearch' && command.body.bookIds?.includes(bookId),
    );

  beforeAll(async () => {
    torznab = await new FakeNewznab({
      apiKey: KEY,
      torznab: true,
      releases: [
        { title: 'Bea Author - Night Road (epub)', guid: 't-epub', size: 800_000, seeders: 5, peers: 9 },
        { title: 'Bea Author - Night Road (mobi)', guid: 't-mobi', size: 700_000, seeders: 50, peers: 60 },
      ],
    }).start();
    qbit = await new FakeQBittorrent('admin', 'secret', (data) => hashes.get(data.toString('latin1'))).start();
    t = await createTestApp();
    indexerId = await addIndexer(t, { implementation: 'Torznab', url: torznab.url, apiKey: KEY });
    await addQBittorrent(t, { port: qbit.port, username: 'admin', password: 'secret' });
    const db = t.app.get(DataSource);
    const author = await createAuthor(db, { name: 'Bea Author', qualityProfileId: await ebookProfileId(db) });
    authorId = author.id;
    bookId = (await createBook(db, author, { title: 'Night Road' })).id;
  });

  afterAll(async () => {
    await t.close();
    await torznab.stop();
    await qbit.stop();
  });

  it('POST /release grabs a cached interactive result (404 when not cached)', async () => {
    const releases = (await t.api.get(`/api/v1/release?bookId=${bookId}`).expect(200)).body;
    expect(releases.map((r: { guid: string }) => r.guid)).toEqual(['t-epub', 't-mobi']);
    expect(releases[0]).toMatchObject({ protocol: 'torrent', seeders: 5, leechers: 4, approved: true });

    await t.api.post('/api/v1/release').send({ guid: 'nope', indexerId }).expect(404);
    const grabResponse = await t.api.post('/api/v1/release').send({ guid: 't-epub', indexerId });
    expect(grabResponse.body.message ?? '').toBe('');
    const grabbed = grabResponse.body;
    expect(grabbed).toMatchObject({ guid: 't-epub', title: 'Bea Author - Night Road (epub)' });
    expect(qbit.torrents).toHaveLength(1);
    expect(qbit.torrents[0]).toMatchObject({ hash: makeTorrent('t-epub').hash.toLowerCase(), category: 'readarr' });

    const queue = (await t.api.get('/api/v1/queue').expect(200)).body.records;
    expect(queue).toEqual([
      expect.objectContaining({ downloadId: makeTorrent('t-epub').hash, protocol: 'torrent', downloadForced: true }),
    ]);
    const byAuthor = (await t.api.get(`/api/v1/history/author?authorId=${authorId}&eventType=grabbed`).expect(200))
      .body;
    expect(byAuthor).toEqual([
      expect.objectContaining({
        eventType: 'grabbed',
        bookId,
        data: expect.objectContaining({ releaseSource: 'interactiveSearch', protocol: '2' }),
      }),
    ]);
    const since = (await t.api.get('/api/v1/history/since?date=2000-01-01T00:00:00Z').expect(200)).body;
    expect(since).toHaveLength(1);
  });

  it('POST /history/failed/{id} blocklists the grab and searches again, picking the other release', async () => {
    const [grab] = (await t.api.get('/api/v1/history?eventType=1').expect(200)).body.records;
    await t.api.post(`/api/v1/history/failed/${grab.id}`).expect(200, {});
    const blocklist = (await t.api.get('/api/v1/blocklist').expect(200)).body;
    expect(blocklist.records.map((r: { sourceTitle: string }) => r.sourceTitle)).toEqual([
      'Bea Author - Night Road (epub)',
    ]);
    const queue = (await t.api.get('/api/v1/queue').expect(200)).body.records;
    expect(queue[0]).toMatchObject({ trackedDownloadState: 'downloadFailed', trackedDownloadStatus: 'error' });

    const [search] = await bookSearches();
    expect(search).toBeDefined();
    await waitForCommand(t, search.id);
    expect(qbit.torrents.map((torrent) => torrent.hash)).toEqual([
      makeTorrent('t-epub').hash.toLowerCase(),
      makeTorrent('t-mobi').hash.toLowerCase(),
    ]);
    const history = (await t.api.get('/api/v1/history?sortKey=date&sortDirection=ascending').expect(200)).body.records;
    expect(history.map((h: { eventType: string }) => h.eventType)).toEqual(['grabbed', 'downloadFailed', 'grabbed']);
  });

  it('DELETE /queue/{id}?blocklist=true&skipRedownload=true removes from the client and blocklists without a new search', async () => {
    await runCommand(t, 'RefreshMonitoredDownloads');
    const queue = (await t.api.get('/api/v1/queue').expect(200)).body.records;
    const mobi = queue.find((item: { title: string }) => item.title.includes('mobi'));
    const before = (await bookSearches()).length;
    await t.api.delete(`/api/v1/queue/${mobi.id}?blocklist=true&skipRedownload=true`).expect(200);
    expect(qbit.torrents.map((torrent) => torrent.hash)).toEqual([makeTorrent('t-epub').hash.toLowerCase()]);
    const blocklist = (await t.api.get('/api/v1/blocklist?sortKey=sourceTitle&sortDirection=ascending').expect(200))
      .body;
    expect(blocklist.records.map((r: { sourceTitle: string }) => r.sourceTitle)).toEqual([
      'Bea Author - Night Road (epub)',
      'Bea Author - Night Road (mobi)',
    ]);
    expect((await bookSearches()).length).toBe(before);
    await t.api.delete('/api/v1/queue/999999').expect(404);
  });

  it('blocklist delete, bulk delete and ClearBlocklist', async () => {
    const ids = (await t.api.get('/api/v1/blocklist').expect(200)).body.records.map((r: { id: number }) => r.id);
    await t.api.delete(`/api/v1/blocklist/${ids[0]}`).expect(200);
    await t.api.delete(`/api/v1/blocklist/${ids[0]}`).expect(404);
    await t.api
      .delete('/api/v1/blocklist/bulk')
      .send({ ids: [ids[1]] })
      .expect(200);
    expect((await t.api.get('/api/v1/blocklist').expect(200)).body.totalRecords).toBe(0);
    await t.api.get('/api/v1/blocklist?sortKey=nope').expect(400);
    const failed = (await t.api.get('/api/v1/history?eventType=4').expect(200)).body.records;
    expect(failed.length).toBeGreaterThan(0);
    await runCommand(t, 'ClearBlocklist');
  });

  it('POST /release/push decides on a pushed release and grabs it when approved', async () => {
    const unparsable = await t.api
      .post('/api/v1/release/push')
      .send({ title: 'zzz', downloadUrl: 'http://x/1', protocol: 'torrent', publishDate: '2025-11-01T00:00:00Z' })
      .expect(400);
    expect(unparsable.body[0]).toMatchObject({ propertyName: 'Title', errorMessage: 'Unable to parse' });
    await t.api.post('/api/v1/release/push').send({ title: 'Bea Author - Night Road' }).expect(400);

    const unknown = (
      await t.api
        .post('/api/v1/release/push')
        .send({
          title: 'Nobody - Nothing (epub)',
          magnetUrl: 'magnet:?xt=urn:btih:' + 'a'.repeat(40),
          protocol: 'torrent',
          publishDate: '2025-11-01T00:00:00Z',
        })
        .expect(200)
    ).body;
    expect(unknown).toMatchObject({ approved: false, rejections: ['Unknown Author'] });

    const hash = 'B'.repeat(40);
    const pushed = (
      await t.api
        .post('/api/v1/release/push')
        .send({
          title: 'Bea Author - Night Road (azw3)',
          magnetUrl: `magnet:?xt=urn:btih:${hash}&dn=night-road`,
          protocol: 'torrent',
          publishDate: new Date(Date.now() - 3_600_000).toISOString(),
          indexer: 'Prowlarr',
          size: 900_000,
        })
        .expect(200)
    ).body;
    expect(pushed).toMatchObject({ approved: true, bookId, authorId, protocol: 'torrent' });
    expect(qbit.torrents.map((torrent) => torrent.hash)).toContain(hash.toLowerCase());
    const status = (await t.api.get('/api/v1/queue/status').expect(200)).body;
    expect(status.count).toBeGreaterThanOrEqual(1);
  });
});
