import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createAuthor, createBook } from '../../../factories';
import { makeEpub } from '../../../fixtures/media/generators';
import { freePort, until } from '../../../daemons/daemon';
import { seededTorrent, TorrentFileServer } from '../../../daemons/seeded-torrent';
import { delugeClient } from '../../../daemons/torrent-clients';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { ebookProfileId } from '../../../utils/search-fixture';

interface WireField {
  name: string;
  value?: unknown;
}

/**
 * What only Deluge has, against Debian's real deluged and deluge-web (the flows every torrent client shares run in
 * real-daemon-torrent-clients): its test() failures, categories as labels of the Label plugin, the post-import label,
 * and the download and completed directories set on the torrent.
 */
describe('Deluge (real daemon): labels, test() failures, directories', () => {
  const client = delugeClient();
  const { daemon } = client;
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
    root = mkdtempSync(join(tmpdir(), 'quire-real-daemon-root-'));
    await t.api.put('/api/v1/config/mediamanagement').send({ skipFreeSpaceCheckWhenImporting: true }).expect(200);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await files.stop();
    await client.stop();
  });

  const probe = (fields: { name: string; value: unknown }[]) => ({
    name: 'Deluge probe',
    enable: true,
    implementation: 'Deluge',
    configContract: 'DelugeSettings',
    fields,
  });
  /** The daemon's fields with some replaced or added. */
  const withFields = (changes: Record<string, unknown>, category?: string) => {
    const fields = client.fields(client.password, category).filter((field) => !(field.name in changes));
    return [...fields, ...Object.entries(changes).map(([name, value]) => ({ name, value }))];
  };
  /** The failures test() answers: none with 200, the list with 400. */
  const testFailures = async (fields: { name: string; value: unknown }[]) => {
    const response = await t.api.post('/api/v1/downloadclient/test').send(probe(fields));
    expect([200, 400]).toContain(response.status);
    return (response.status === 200 ? [] : response.body) as {
      propertyName: string;
      errorMessage: string;
      detailedDescription?: string;
    }[];
  };

  async function addClient(name: string, fields: { name: string; value: unknown }[]) {
    const response = await t.api
      .post('/api/v1/downloadclient')
      .send({ ...probe(fields), name, priority: 1, removeCompletedDownloads: true })
      .expect(200);
    return response.body.id as number;
  }

  /** A book, its EPUB already in `dir`, and the real .torrent of that folder pushed to the client. */
  async function pushSeededBook(clientId: number, dir: string) {
    counter++;
    const author = await createAuthor(db, {
      name: `Lena Label${'x'.repeat(counter)}`,
      rootFolderPath: root,
      qualityProfileId: await ebookProfileId(db),
    });
    const title = `The Labelled Shelf ${counter}`;
    const book = await createBook(db, author, { title, releaseDate: new Date('2020-01-01') });
    const name = `${author.name} - ${title} (epub)`;
    mkdirSync(join(dir, name), { recursive: true });
    await makeEpub(join(dir, name, 'book.epub'), { title, author: author.name, language: 'en' });
    const torrent = seededTorrent(dir, name, ['book.epub']);
    const url = files.serve(torrent);
    await t.api
      .post('/api/v1/release/push')
      .send({
        title: name,
        downloadUrl: url,
        protocol: 'torrent',
        publishDate: new Date(Date.now() - 3_600_000).toISOString(),
        indexer: 'Local',
        size: 100_000,
        downloadClientId: clientId,
      })
      .expect(200);
    return { book, hash: torrent.hash, dir: join(dir, name) };
  }

  const bookFiles = async (bookId: number) =>
    (await t.api.get(`/api/v1/bookfile?bookId=${bookId}`).expect(200)).body as { path: string }[];

  it('schema: Deluge with Readarr’s fields and defaults; a label outside a-z, 0-9 and - is refused', async () => {
    const schema = (await t.api.get('/api/v1/downloadclient/schema').expect(200)).body as {
      implementation: string;
      configContract: string;
      fields: WireField[];
    }[];
    const deluge = schema.find((entry) => entry.implementation === 'Deluge');
    expect(deluge).toMatchObject({ configContract: 'DelugeSettings', protocol: 'torrent' });
    expect(deluge!.fields.map((field) => field.name)).toEqual([
      'host',
      'port',
      'useSsl',
      'urlBase',
      'password',
      'musicCategory',
      'musicImportedCategory',
      'recentTvPriority',
      'olderTvPriority',
      'addPaused',
      'downloadDirectory',
      'completedDirectory',
    ]);
    expect(Object.fromEntries(deluge!.fields.map((field) => [field.name, field.value]))).toMatchObject({
      host: 'localhost',
      port: 8112,
      useSsl: false,
      musicCategory: 'readarr',
      recentTvPriority: 0,
      olderTvPriority: 0,
      addPaused: false,
    });
    const refused = await t.api
      .post('/api/v1/downloadclient?forceSave=true')
      .send(probe(withFields({ musicCategory: 'Readarr Books' })))
      .expect(400);
    expect(refused.body).toEqual([
      expect.objectContaining({ propertyName: 'MusicCategory', errorMessage: 'Allowed characters a-z, 0-9 and -' }),
    ]);
  });

  it('test(): unreachable, a wrong url base, a wrong password and a daemon deluge-web cannot reach each fail on their field', async () => {
    const closed = await freePort();
    expect(await testFailures(withFields({ port: closed }))).toEqual([
      expect.objectContaining({
        propertyName: 'Host',
        errorMessage: 'Unable to connect',
        detailedDescription: 'Please verify the hostname and port.',
      }),
    ]);
    expect(await testFailures(withFields({ urlBase: '/not-deluge' }))).toEqual([
      expect.objectContaining({ propertyName: 'Host', errorMessage: 'Unable to connect to Deluge' }),
    ]);
    const wrong = await testFailures(withFields({ password: 'not-the-password' }));
    expect(wrong).toEqual([
      expect.objectContaining({ propertyName: 'Password', errorMessage: 'Authentication failed' }),
    ]);
    expect(JSON.stringify(wrong)).not.toContain('not-the-password');

    // deluge-web's only host now points at a closed port: it logs in but cannot connect to a daemon.
    await daemon.rpc('web.disconnect');
    await daemon.rpc('web.edit_host', daemon.hostId, '127.0.0.1', closed, 'localclient', daemon.account);
    try {
      expect(await testFailures(withFields({}))).toEqual([
        expect.objectContaining({
          propertyName: 'Host',
          errorMessage: 'Unable to connect to Deluge',
          detailedDescription: 'Failed to connect to Deluge daemon.',
        }),
      ]);
    } finally {
      await daemon.rpc('web.edit_host', daemon.hostId, '127.0.0.1', daemon.daemonPort, 'localclient', daemon.account);
    }
    expect(await testFailures(withFields({}))).toEqual([]);
  });

  it('useSsl: a deluge-web serving HTTPS passes the test with SSL on; with it off the test fails on Use SSL', async () => {
    const httpsPort = await daemon.startHttpsWeb();
    expect(await testFailures(withFields({ port: httpsPort, useSsl: true }))).toEqual([]);
    const plain = await testFailures(withFields({ port: httpsPort }));
    expect(plain).toEqual([expect.objectContaining({ propertyName: 'UseSsl', errorMessage: 'Verify SSL settings' })]);
  });

  it('test(): with the Label plugin off a category fails on Category; with it on, missing labels are created', async () => {
    await daemon.rpc('core.disable_plugin', 'Label');
    try {
      await until(async () => !(await daemon.rpc<string[]>('core.get_enabled_plugins')).includes('Label'), 'Label off');
      expect(await testFailures(withFields({}))).toEqual([
        expect.objectContaining({
          propertyName: 'MusicCategory',
          errorMessage: 'Label plugin not activated',
          detailedDescription: 'You must have the Label plugin enabled in Deluge to use categories.',
        }),
      ]);
      // Without a category Quire needs no label, and no plugin.
      expect(await testFailures(withFields({ musicCategory: '' }))).toEqual([]);
    } finally {
      await daemon.rpc('core.enable_plugin', 'Label');
    }
    await until(async () => (await daemon.rpc<string[]>('core.get_enabled_plugins')).includes('Label'), 'Label on');
    await until(async () => {
      await daemon.rpc('label.get_labels');
      return true;
    }, 'the Label plugin’s methods in deluge-web');
    expect(await testFailures(withFields({ musicImportedCategory: 'fresh-imported' }, 'fresh'))).toEqual([]);
    expect(await daemon.rpc<string[]>('label.get_labels')).toEqual(expect.arrayContaining(['fresh', 'fresh-imported']));
  });

  it('musicImportedCategory: after the automatic import the torrent carries that label; when it comes back it is known as imported', async () => {
    const clientId = await addClient('Deluge imports', withFields({ musicImportedCategory: 'readarr-imported' }));
    const seeded = await pushSeededBook(clientId, client.categoryDir());
    expect((await daemon.torrent(seeded.hash))?.label).toBe('readarr');
    await until(() => client.finished(seeded.hash), 'the check');

    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await bookFiles(seeded.book.id)).toHaveLength(1);
    expect((await daemon.torrent(seeded.hash))?.label).toBe('readarr-imported');

    // Under another label the download is no longer listed, and no longer tracked.
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await db.query(`SELECT id FROM tracked_download WHERE upper(download_id) = $1`, [seeded.hash])).toEqual([]);
    // A user gives it Quire's label back: its history says it was imported, so it is not imported a second time.
    await daemon.rpc('label.set_torrent', seeded.hash.toLowerCase(), 'readarr');
    await runCommand(t, 'RefreshMonitoredDownloads');
    await runCommand(t, 'RefreshMonitoredDownloads');
    const rows = await db.query<{ state: string }[]>(
      `SELECT state FROM tracked_download WHERE upper(download_id) = $1`,
      [seeded.hash],
    );
    expect(rows).toEqual([{ state: 'imported' }]);
    const imports = await db.query<{ id: number }[]>(
      `SELECT id FROM history WHERE upper(download_id) = $1 AND event_type = 8`,
      [seeded.hash],
    );
    expect(imports).toHaveLength(1);
    expect(await bookFiles(seeded.book.id)).toHaveLength(1);
    await t.api.delete(`/api/v1/downloadclient/${clientId}`).expect(200);
  });

  it('downloadDirectory and completedDirectory: the torrent is saved in the one and set to move to the other; the import reads it where it is', async () => {
    const saved = mkdtempSync(join(tmpdir(), 'quire-deluge-saved-'));
    const completed = mkdtempSync(join(tmpdir(), 'quire-deluge-completed-'));
    const clientId = await addClient(
      'Deluge directories',
      withFields({ downloadDirectory: saved, completedDirectory: completed }, 'readarr-dirs'),
    );
    const seeded = await pushSeededBook(clientId, saved);
    const options = await daemon.rpc<Record<string, unknown>>('core.get_torrent_status', seeded.hash.toLowerCase(), [
      'download_location',
      'move_completed',
      'move_completed_path',
    ]);
    expect(options).toEqual({ download_location: saved, move_completed: true, move_completed_path: completed });
    // The data was there already: Deluge finds it whole and, having downloaded nothing, moves nothing.
    await until(() => client.finished(seeded.hash), 'the check');
    await runCommand(t, 'RefreshMonitoredDownloads');
    const imported = await bookFiles(seeded.book.id);
    expect(imported).toHaveLength(1);
    expect(existsSync(imported[0].path)).toBe(true);
    expect(existsSync(seeded.dir)).toBe(true);
    await t.api.delete(`/api/v1/downloadclient/${clientId}`).expect(200);
  });
});
