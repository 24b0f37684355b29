import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { qualityModel } from '../../../../src/acquisition/parser/quality-model';
import { TrackedDownloadService } from '../../../../src/acquisition/queue/tracked-download.service';
import { createAuthor, createBook } from '../../../factories';
import { FakeQBittorrent } from '../../../fakes/qbittorrent-fake';
import { makeEpub } from '../../../fixtures/media/generators';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { addQBittorrent, ebookProfileId } from '../../../utils/search-fixture';

/**
 * What completed-download handling does in the client after an import, against fake qBittorrents: the post-import
 * category, removal (with data) only once the client allows it and the client is set to, no import while handling
 * is off, and an imported download that stays imported whatever the client reports later.
 */
describe('completed-download handling in the client (fake qBittorrent)', () => {
  let t: TestApp;
  let db: DataSource;
  /** A client with a post-import category. */
  let tagged: FakeQBittorrent;
  /** A client without one. */
  let plain: FakeQBittorrent;
  let taggedId: number;
  let plainId: number;
  let root: string;
  let downloads: string;

  beforeAll(async () => {
    tagged = await new FakeQBittorrent('admin', 'secret').start();
    plain = await new FakeQBittorrent('admin', 'secret').start();
    t = await createTestApp();
    db = t.app.get(DataSource);
    root = mkdtempSync(join(tmpdir(), 'quire-cdh-root-'));
    downloads = mkdtempSync(join(tmpdir(), 'quire-cdh-downloads-'));
    await t.api.put('/api/v1/config/mediamanagement').send({ skipFreeSpaceCheckWhenImporting: true }).expect(200);
    const credentials = { username: 'admin', password: 'secret' };
    taggedId = await addQBittorrent(t, {
      ...credentials,
      port: tagged.port,
      name: 'Tagged qBit',
      fields: [{ name: 'musicImportedCategory', value: 'readarr-imported' }],
    });
    plainId = await addQBittorrent(t, { ...credentials, port: plain.port, name: 'Plain qBit' });
  });

  afterAll(async () => {
    await t.close();
    await tagged.stop();
    await plain.stop();
  });

  /** A torrent in `state` holding a matching EPUB of a new book, tracked as a download of that book. */
  async function finishedTorrent(fake: FakeQBittorrent, clientId: number, hash: string, title: string, state: string) {
    const author = await createAuthor(db, {
      name: `Author ${hash.slice(0, 4)}`,
      rootFolderPath: root,
      qualityProfileId: await ebookProfileId(db),
    });
    const book = await createBook(db, author, { title });
    const name = `${author.name} - ${title} [EPUB]`;
    const folder = join(downloads, name);
    mkdirSync(folder, { recursive: true });
    await makeEpub(join(folder, 'book.epub'), { title, author: author.name, language: 'en' });
    fake.torrents.push({
      hash,
      name,
      category: 'readarr',
      size: 1000,
      amount_left: 0,
      eta: 0,
      state,
      save_path: `${downloads}/`,
      content_path: folder,
    });
    const tracked = await t.app.get(TrackedDownloadService).create({
      downloadClientId: clientId,
      downloadId: hash.toUpperCase(),
      authorId: author.id,
      bookIds: [book.id],
      title: name,
      indexer: 'Fake',
      protocol: 'torrent',
      quality: qualityModel(3),
      release: null,
    });
    return { author, book, tracked };
  }

  const stateOf = async (id: number) =>
    (await db.query(`SELECT state FROM tracked_download WHERE id = $1`, [id]))[0]?.state as string | undefined;
  const bookFiles = async (bookId: number) =>
    (await t.api.get(`/api/v1/bookfile?bookId=${bookId}`).expect(200)).body as { path: string }[];
  const setCompletedDownloadHandling = (enabled: boolean) =>
    t.api.put('/api/v1/config/downloadclient').send({ enableCompletedDownloadHandling: enabled }).expect(200);

  it('with completed-download handling off, a finished download is not imported and leaves the queue until it is on', async () => {
    const hash = '1a'.repeat(20);
    const { book, tracked } = await finishedTorrent(plain, plainId, hash, 'The Waiting Shore', 'pausedUP');
    await setCompletedDownloadHandling(false);
    try {
      await runCommand(t, 'RefreshMonitoredDownloads');
      expect(await bookFiles(book.id)).toEqual([]);
      expect(await stateOf(tracked.id)).toBe('importPending');
      const queue = (await t.api.get('/api/v1/queue?pageSize=100').expect(200)).body.records;
      expect(queue.map((item: { downloadId: string }) => item.downloadId)).not.toContain(hash.toUpperCase());
      expect(plain.deleted).toEqual([]);
    } finally {
      await setCompletedDownloadHandling(true);
    }

    await runCommand(t, 'RefreshMonitoredDownloads');
    const files = await bookFiles(book.id);
    expect(files).toHaveLength(1);
    expect(existsSync(files[0].path)).toBe(true);
    expect(await stateOf(tracked.id)).toBe('imported');
    // pausedUP: done seeding, so the client may let it go, and it goes with its data.
    expect(plain.deleted).toEqual([{ hash, deleteFiles: true }]);
  });

  it('after an automatic import the torrent moves to the post-import category; a seeding torrent is not removed', async () => {
    const hash = '2b'.repeat(20);
    const { book, tracked } = await finishedTorrent(tagged, taggedId, hash, 'The Tagged Harbour', 'uploading');
    await runCommand(t, 'RefreshMonitoredDownloads');

    expect(await bookFiles(book.id)).toHaveLength(1);
    expect(await stateOf(tracked.id)).toBe('imported');
    expect(tagged.torrents.find((torrent) => torrent.hash === hash)?.category).toBe('readarr-imported');
    expect(tagged.categories.has('readarr-imported')).toBe(true);
    expect(tagged.deleted).toEqual([]);
  });

  it('a post-import category equal to the download category is left alone', async () => {
    const same = await new FakeQBittorrent('admin', 'secret').start();
    try {
      const sameId = await addQBittorrent(t, {
        username: 'admin',
        password: 'secret',
        port: same.port,
        name: 'Same qBit',
        fields: [{ name: 'musicImportedCategory', value: 'readarr' }],
      });
      const hash = '6f'.repeat(20);
      const { tracked } = await finishedTorrent(same, sameId, hash, 'The Same Shelf', 'uploading');
      await runCommand(t, 'RefreshMonitoredDownloads');
      expect(await stateOf(tracked.id)).toBe('imported');
      const paths = same.requests.map((request) => request.url.pathname);
      expect(paths).not.toContain('/api/v2/torrents/setCategory');
      expect(paths).not.toContain('/api/v2/torrents/createCategory');
      await t.api.delete(`/api/v1/downloadclient/${sameId}`).expect(200);
    } finally {
      await same.stop();
    }
  });

  it('an imported download whose data then vanishes stays imported: no blocklist, no failure, no new search', async () => {
    const hash = '3c'.repeat(20);
    const { author, book, tracked } = await finishedTorrent(plain, plainId, hash, 'The Seeded Isle', 'uploading');
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await stateOf(tracked.id)).toBe('imported');
    expect(plain.deleted.filter((call) => call.hash === hash)).toEqual([]);

    // The seeding data was deleted behind qBittorrent's back.
    plain.torrents.find((torrent) => torrent.hash === hash)!.state = 'missingFiles';
    await runCommand(t, 'RefreshMonitoredDownloads');
    await runCommand(t, 'RefreshMonitoredDownloads');

    expect(await stateOf(tracked.id)).toBe('imported');
    expect((await t.api.get('/api/v1/blocklist').expect(200)).body.totalRecords).toBe(0);
    const history = (await t.api.get(`/api/v1/history/author?authorId=${author.id}`).expect(200)).body;
    expect(history.map((h: { eventType: string }) => h.eventType)).not.toContain('downloadFailed');
    const searches = await db.query(`SELECT id FROM command WHERE name = 'BookSearch'`);
    expect(searches).toEqual([]);
    expect(await bookFiles(book.id)).toHaveLength(1);
  });

  it('an imported torrent that finishes seeding later is removed with its data, unless the client keeps completed downloads', async () => {
    const hash = '4d'.repeat(20);
    const { tracked } = await finishedTorrent(plain, plainId, hash, 'The Long Seed', 'uploading');
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await stateOf(tracked.id)).toBe('imported');
    expect(plain.deleted.filter((call) => call.hash === hash)).toEqual([]);

    plain.torrents.find((torrent) => torrent.hash === hash)!.state = 'pausedUP';
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(plain.deleted.filter((call) => call.hash === hash)).toEqual([{ hash, deleteFiles: true }]);

    await t.api
      .put('/api/v1/downloadclient/bulk')
      .send({ ids: [plainId], removeCompletedDownloads: false })
      .expect(200);
    const kept = '5e'.repeat(20);
    const second = await finishedTorrent(plain, plainId, kept, 'The Kept Download', 'pausedUP');
    await runCommand(t, 'RefreshMonitoredDownloads');
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await stateOf(second.tracked.id)).toBe('imported');
    expect(plain.deleted.filter((call) => call.hash === kept)).toEqual([]);
    expect(plain.torrents.some((torrent) => torrent.hash === kept)).toBe(true);
  });
});
