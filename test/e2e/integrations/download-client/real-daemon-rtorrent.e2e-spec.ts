import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createAuthor, createBook } from '../../../factories';
import { makeEpub } from '../../../fixtures/media/generators';
import { freePort, until } from '../../../daemons/daemon';
import { seededTorrent, TorrentFileServer } from '../../../daemons/seeded-torrent';
import { rtorrentClient } from '../../../daemons/torrent-clients';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { ebookProfileId } from '../../../utils/search-fixture';

/**
 * What only rTorrent's client does, against Debian's real rtorrent behind an HTTP front at `/RPC2`: Readarr's test()
 * messages, the label, directory and priority commands sent with a grab, and the post-import label and view. The
 * flows every torrent client shares run in real-daemon-torrent-clients.e2e-spec.ts.
 */
describe('rTorrent (real daemon): what only its client does', () => {
  const client = rtorrentClient();
  let t: TestApp;
  let db: DataSource;
  const files = new TorrentFileServer();
  let root: string;
  let counter = 0;

  beforeAll(async () => {
    await client.start();
    await files.start();
    t = await createTestApp();
    db = t.app.get(DataSource);
    root = mkdtempSync(join(tmpdir(), 'quire-rtorrent-root-'));
    await t.api.put('/api/v1/config/mediamanagement').send({ skipFreeSpaceCheckWhenImporting: true }).expect(200);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await files.stop();
    await client.stop();
  });

  const withFields = (fields: { name: string; value: unknown }[], extra: { name: string; value: unknown }[]) => [
    ...fields.filter((field) => !extra.some((override) => override.name === field.name)),
    ...extra,
  ];

  const probe = (extra: { name: string; value: unknown }[]) => ({
    name: 'Probe',
    enable: true,
    implementation: 'RTorrent',
    configContract: 'RTorrentSettings',
    fields: withFields(client.fields(client.password), extra),
  });

  async function addClient(name: string, extra: { name: string; value: unknown }[], flags = {}): Promise<number> {
    const response = await t.api
      .post('/api/v1/downloadclient')
      .send({ ...probe(extra), name, priority: 1, removeCompletedDownloads: true, ...flags })
      .expect(200);
    return response.body.id as number;
  }

  /** A book and its EPUB already in `dir`, the .torrent of that folder served over HTTP. */
  async function seededBook(dir: string, releaseDate = new Date('2020-01-01')) {
    counter++;
    const author = await createAuthor(db, {
      name: `Rita Torrent${'x'.repeat(counter)}`,
      rootFolderPath: root,
      qualityProfileId: await ebookProfileId(db),
    });
    const title = `The Labelled Reel ${counter}`;
    const book = await createBook(db, author, { title, releaseDate });
    const name = `${author.name} - ${title} (epub)`;
    mkdirSync(join(dir, name), { recursive: true });
    await makeEpub(join(dir, name, 'book.epub'), { title, author: author.name, language: 'en' });
    const torrent = seededTorrent(dir, name, ['book.epub']);
    const url = files.serve(torrent);
    return { book, name, ...torrent, url };
  }

  async function push(release: { name: string; url: string }, downloadClientId: number): Promise<void> {
    const pushed = await t.api
      .post('/api/v1/release/push')
      .send({
        title: release.name,
        downloadUrl: release.url,
        protocol: 'torrent',
        publishDate: new Date(Date.now() - 3_600_000).toISOString(),
        indexer: 'Local',
        size: 100_000,
        downloadClientId,
      })
      .expect(200);
    expect(pushed.body).toMatchObject({ approved: true });
  }

  it('test(): no rTorrent behind the address or a wrong Url Path fails on Host with Readarr’s message; a missing Directory fails on it', async () => {
    const test = (extra: { name: string; value: unknown }[]) =>
      t.api.post('/api/v1/downloadclient/test').send(probe(extra));

    const closed = await test([{ name: 'port', value: await freePort() }]).expect(400);
    expect(closed.body).toEqual([
      expect.objectContaining({ propertyName: 'Host', errorMessage: 'Unable to connect to rTorrent' }),
    ]);

    const wrongPath = await test([{ name: 'urlBase', value: 'plugins/rpc/rpc.php' }]).expect(400);
    expect(wrongPath.body).toEqual([
      expect.objectContaining({
        propertyName: 'Host',
        errorMessage: 'Unable to connect to rTorrent',
        detailedDescription: 'rTorrent answered HTTP 404 to system.client_version',
      }),
    ]);

    const missing = join(client.daemon.root, 'no-such-folder');
    const noFolder = await test([{ name: 'musicDirectory', value: missing }]).expect(400);
    expect(noFolder.body).toEqual([
      expect.objectContaining({ propertyName: 'MusicDirectory', errorMessage: `Path '${missing}' does not exist` }),
    ]);

    mkdirSync(missing);
    await test([{ name: 'musicDirectory', value: missing }]).expect(200);
  });

  it('musicCategory, musicDirectory and priorities: a grab carries the label, lands in the directory and gets the recent or older priority', async () => {
    const directory = join(client.daemon.root, 'books');
    mkdirSync(directory);
    const id = await addClient('rTorrent directory', [
      { name: 'musicCategory', value: 'readarr-books' },
      { name: 'musicDirectory', value: directory },
      { name: 'recentTvPriority', value: 3 },
      { name: 'olderTvPriority', value: 0 },
    ]);
    const older = await seededBook(directory);
    const recent = await seededBook(directory, new Date());
    await push(older, id);
    await push(recent, id);

    const olderDownload = await until(() => client.daemon.download(older.hash), 'the older grab');
    expect(olderDownload).toMatchObject({
      label: 'readarr-books',
      directory: join(directory, older.name),
      priority: 0,
    });
    expect(await client.daemon.download(recent.hash)).toMatchObject({ label: 'readarr-books', priority: 3 });
    // Found whole in the directory it was sent to: the data there is what rTorrent checked.
    await until(async () => (await client.progress(older.hash)) === 1, 'the check in the directory');
    await t.api.delete(`/api/v1/downloadclient/${id}`).expect(200);
  });

  it('musicImportedCategory: after the automatic import rTorrent labels the torrent with it and adds it to Readarr’s imported view', async () => {
    const id = await addClient('rTorrent imports', [{ name: 'musicImportedCategory', value: 'readarr-imported' }]);
    const seeded = await seededBook(client.daemon.downloadDir);
    await push(seeded, id);
    await until(async () => (await client.progress(seeded.hash)) === 1, 'the check');
    expect(await client.daemon.download(seeded.hash)).toMatchObject({ label: 'readarr', views: [] });

    await runCommand(t, 'RefreshMonitoredDownloads');
    expect((await t.api.get(`/api/v1/bookfile?bookId=${seeded.book.id}`).expect(200)).body).toHaveLength(1);
    expect(await client.daemon.download(seeded.hash)).toMatchObject({
      label: 'readarr-imported',
      views: ['readarr_imported'],
    });
    // Out of Quire's label the download is no longer listed, and no longer tracked; rTorrent keeps seeding it.
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await db.query(`SELECT id FROM tracked_download WHERE upper(download_id) = $1`, [seeded.hash])).toEqual([]);
    expect(await client.stopped(seeded.hash)).toBe(false);
    await t.api.delete(`/api/v1/downloadclient/${id}`).expect(200);
  });
});
