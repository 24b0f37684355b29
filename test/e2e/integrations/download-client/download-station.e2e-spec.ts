import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { DownloadClientFactory } from '../../../../src/integrations/download-client';
import { createAuthor, createBook } from '../../../factories';
import { FakeDownloadStation, FakeDsTask, FakeTaskState } from '../../../fakes/download-station.fake';
import { FakeHttpServer, send } from '../../../fakes/fake-http';
import { TlsFront } from '../../../fakes/tls-front.fake';
import { makeTorrent } from '../../../fakes/torrent-files';
import { makeEpub } from '../../../fixtures/media/generators';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { ebookProfileId } from '../../../utils/search-fixture';

const PASSWORD = 'dsm-secret-passwd';
const SERIAL = '1780PDN123456';
const HASHED_SERIAL = createHash('sha1').update(SERIAL).digest('hex').toUpperCase();

interface Failure {
  propertyName: string;
  errorMessage: string;
  detailedDescription?: string;
}

/**
 * Quire's two Download Station clients against a fake DiskStation speaking DSM 6 (SYNO.DownloadStation.Task) or
 * DSM 7 (SYNO.DownloadStation2.Task), chosen by what its SYNO.API.Info answers. Its shared folder `downloads` is a
 * real temporary folder, so a finished task's files are imported for real.
 */
describe.each([
  { dsm: 6 as const, taskApi: 'SYNO.DownloadStation.Task' },
  { dsm: 7 as const, taskApi: 'SYNO.DownloadStation2.Task' },
])('Download Station, DSM $dsm ($taskApi)', ({ dsm, taskApi }) => {
  let t: TestApp;
  let db: DataSource;
  let station: FakeDownloadStation;
  let files: FakeHttpServer;
  const shareRoot = mkdtempSync(join(tmpdir(), `quire-dsm${dsm}-share-`));
  const nasRoot = mkdtempSync(join(tmpdir(), `quire-dsm${dsm}-nas-`));
  const libraryRoot = mkdtempSync(join(tmpdir(), `quire-dsm${dsm}-library-`));
  const served = new Map<string, Buffer>();
  const nzb = '<?xml version="1.0"?><nzb xmlns="http://www.newzbin.com/DTD/2003/nzb"><file subject="book"/></nzb>';
  let counter = 0;

  beforeAll(async () => {
    mkdirSync(join(shareRoot, 'readarr'));
    mkdirSync(join(shareRoot, 'books'));
    writeFileSync(join(shareRoot, 'not-a-folder'), 'x');
    mkdirSync(join(nasRoot, 'books'));
    station = await new FakeDownloadStation({
      dsm,
      username: 'reader',
      password: PASSWORD,
      serial: SERIAL,
      shares: { downloads: shareRoot, nas: nasRoot },
      defaultDestination: 'downloads',
      nasPaths: { nas: '/volume1/nas' },
    }).start();
    files = await new FakeHttpServer((request, response) => {
      const data = served.get(request.url.pathname);
      if (data) return send(response, 200, data, 'application/octet-stream');
      send(response, 404, 'missing');
    }).start();
    t = await createTestApp();
    db = t.app.get(DataSource);
    await t.api.put('/api/v1/config/mediamanagement').send({ skipFreeSpaceCheckWhenImporting: true }).expect(200);
  });
  afterAll(async () => {
    await t?.close();
    await station.stop();
    await files.stop();
  });

  const fields = (overrides: Record<string, unknown> = {}) =>
    Object.entries({
      host: '127.0.0.1',
      port: station.port,
      username: 'reader',
      password: PASSWORD,
      musicCategory: 'readarr',
      ...overrides,
    }).map(([name, value]) => ({ name, value }));
  const body = (implementation: string, overrides: Record<string, unknown> = {}) => ({
    name: `${implementation} ${++counter}`,
    enable: true,
    priority: 1,
    removeCompletedDownloads: true,
    removeFailedDownloads: true,
    implementation,
    configContract: 'DownloadStationSettings',
    fields: fields(overrides),
  });
  const testFailures = async (implementation: string, overrides: Record<string, unknown>) =>
    (await t.api.post('/api/v1/downloadclient/test').send(body(implementation, overrides)).expect(400))
      .body as Failure[];
  const addClient = async (implementation: string, overrides: Record<string, unknown> = {}) =>
    (await t.api.post('/api/v1/downloadclient').send(body(implementation, overrides)).expect(200)).body.id as number;
  const callsOf = (method: string) => station.calls.filter((call) => call.api === taskApi && call.method === method);

  /** A wanted book, its EPUB not yet anywhere; `release` is the release name Quire will parse. */
  async function wantedBook() {
    counter++;
    const author = await createAuthor(db, {
      name: `Dana Station${'z'.repeat(counter)}`,
      rootFolderPath: libraryRoot,
      qualityProfileId: await ebookProfileId(db),
    });
    const title = `The Synology Shelf ${counter}`;
    const book = await createBook(db, author, { title, releaseDate: new Date('2020-01-01') });
    return { author, book, title, release: `${author.name} - ${title} (epub)` };
  }

  async function push(release: string, protocol: 'torrent' | 'usenet', downloadClientId: number, url: string) {
    const pushed = await t.api
      .post('/api/v1/release/push')
      .send({
        title: release,
        downloadUrl: url,
        protocol,
        publishDate: new Date(Date.now() - 3_600_000).toISOString(),
        indexer: 'Local',
        size: 100_000,
        downloadClientId,
      })
      .expect(200);
    expect(pushed.body).toMatchObject({ approved: true });
  }

  const bookFiles = async (bookId: number) =>
    (await t.api.get(`/api/v1/bookfile?bookId=${bookId}`).expect(200)).body as { path: string }[];
  const queueItem = async (downloadId: string) =>
    ((await t.api.get('/api/v1/queue?pageSize=100').expect(200)).body.records as Record<string, unknown>[]).find(
      (item) => item.downloadId === downloadId,
    );
  const finish = (task: FakeDsTask, status: FakeTaskState = 'finished') =>
    Object.assign(task, { status, sizeDownloaded: task.size, speedDownload: 0 });

  it('test: passes; a wrong password fails on Username, an unreachable host on Host, with Readarr’s messages', async () => {
    await t.api.post('/api/v1/downloadclient/test').send(body('TorrentDownloadStation')).expect(200);
    await t.api.post('/api/v1/downloadclient/test').send(body('UsenetDownloadStation')).expect(200);
    const wrong = await testFailures('TorrentDownloadStation', { password: 'not-it' });
    expect(wrong).toEqual([
      expect.objectContaining({ propertyName: 'Username', errorMessage: 'Authentication failure' }),
    ]);
    expect(wrong[0].detailedDescription).toMatch(
      /^Please verify your username and password\..*No such account or incorrect password/,
    );
    station.loginError = 403;
    const twoStep = await testFailures('UsenetDownloadStation', {});
    station.loginError = undefined;
    expect(twoStep[0]).toMatchObject({ propertyName: 'Username', errorMessage: 'Authentication failure' });
    expect(twoStep[0].detailedDescription).toContain('2-step authentication code required');
    for (const [implementation, label] of [
      ['TorrentDownloadStation', 'Torrent Download Station'],
      ['UsenetDownloadStation', 'Usenet Download Station'],
    ]) {
      const unreachable = await testFailures(implementation, { port: 1 });
      expect(unreachable).toEqual([
        expect.objectContaining({ propertyName: 'Host', errorMessage: `Unable to connect to ${label}` }),
      ]);
    }
    expect(JSON.stringify([wrong, twoStep])).not.toContain(PASSWORD);
    // The Auth API was spoken at the version its generation wants: 6 from DSM 7 on, else 2.
    const logins = station.calls.filter((call) => call.api === 'SYNO.API.Auth');
    expect(new Set(logins.map((call) => call.version))).toEqual(new Set([dsm === 7 ? 6 : 2]));
    expect(logins[0].params).toMatchObject({ account: 'reader', format: 'sid', session: 'DownloadStation' });
  });

  it('test: a missing shared folder or folder fails on Directory or Category; no default destination on Directory', async () => {
    expect(
      await testFailures('TorrentDownloadStation', { musicCategory: '', tvDirectory: 'nosuchshare/books' }),
    ).toEqual([
      expect.objectContaining({
        propertyName: 'TvDirectory',
        errorMessage: 'Shared folder does not exist',
        detailedDescription:
          "The Diskstation does not have a Shared Folder with the name 'nosuchshare', are you sure you specified it correctly?",
      }),
    ]);
    expect(
      await testFailures('TorrentDownloadStation', { musicCategory: '', tvDirectory: 'downloads/not-a-folder' }),
    ).toEqual([expect.objectContaining({ propertyName: 'TvDirectory', errorMessage: 'Folder does not exist' })]);
    expect(await testFailures('UsenetDownloadStation', { musicCategory: 'missing-category' })).toEqual([
      expect.objectContaining({
        propertyName: 'MusicCategory',
        errorMessage: 'Folder does not exist',
        detailedDescription:
          "The folder 'downloads/missing-category' does not exist, it must be created manually inside the Shared Folder 'downloads'.",
      }),
    ]);
    await t.api
      .post('/api/v1/downloadclient/test')
      .send(body('TorrentDownloadStation', { musicCategory: '', tvDirectory: 'downloads/books' }))
      .expect(200);
    station.options.defaultDestination = null;
    const noDefault = await testFailures('TorrentDownloadStation', {});
    station.options.defaultDestination = 'downloads';
    expect(noDefault).toEqual([
      expect.objectContaining({ propertyName: 'TvDirectory', errorMessage: 'No default destination' }),
    ]);
    // Readarr's own rules on the two fields, before any call.
    const invalid = await testFailures('TorrentDownloadStation', { tvDirectory: '/downloads/books' });
    expect(invalid.map((failure) => failure.errorMessage)).toEqual(
      expect.arrayContaining(['Cannot start with /', 'Cannot use Category and Directory']),
    );
    const badCategory = await testFailures('TorrentDownloadStation', { musicCategory: 'books_2' });
    expect(badCategory[0]).toMatchObject({
      propertyName: 'MusicCategory',
      errorMessage: 'Allowed characters a-z and -',
    });
  });

  it('grabs a .torrent through Quire into the category folder; once finished it is imported, then removed with its data', async () => {
    const clientId = await addClient('TorrentDownloadStation');
    const wanted = await wantedBook();
    const torrent = makeTorrent(`${wanted.release}.epub`);
    served.set(`/${counter}.torrent`, torrent.data);
    await push(wanted.release, 'torrent', clientId, `${files.url}/${counter}.torrent`);

    const [create] = callsOf('create').slice(-1);
    expect(create.files).toEqual([dsm === 7 ? 'fileData' : 'file']);
    if (dsm === 7)
      expect(create.params).toMatchObject({ type: '"file"', file: '["fileData"]', destination: '"downloads/readarr"' });
    else expect(create.params).toMatchObject({ destination: 'downloads/readarr' });
    const task = station.tasks.find((candidate) => candidate.title === wanted.release)!;
    expect(task.file!.equals(torrent.data)).toBe(true);
    const downloadId = `${HASHED_SERIAL}:${task.id}`;
    expect(await queueItem(downloadId)).toMatchObject({ protocol: 'torrent', bookId: wanted.book.id });

    // Download Station finishes it: the files are in the share's real folder, under the category.
    const dir = join(shareRoot, 'readarr', wanted.release);
    mkdirSync(dir);
    await makeEpub(join(dir, 'book.epub'), { title: wanted.title, author: wanted.author.name, language: 'en' });
    finish(task);
    await runCommand(t, 'RefreshMonitoredDownloads');
    const imported = await bookFiles(wanted.book.id);
    expect(imported).toHaveLength(1);
    expect(existsSync(imported[0].path)).toBe(true);
    // Finished (done seeding) is what lets a torrent go: removeCompletedDownloads took it and its data.
    expect(station.tasks.some((candidate) => candidate.id === task.id)).toBe(false);
    expect(callsOf('delete').slice(-1)[0].params).toMatchObject({ id: task.id, force_complete: 'false' });
    expect(existsSync(dir)).toBe(false);
  });

  it('grabs an NZB through Quire; time left counts the NZBs before it; once finished it is imported', async () => {
    const clientId = await addClient('UsenetDownloadStation');
    const ahead = station.addTask({
      title: 'Someone Else',
      type: 'nzb',
      destination: 'downloads/readarr',
      size: 3000,
      speedDownload: 100,
    });
    const wanted = await wantedBook();
    served.set(`/${counter}.nzb`, Buffer.from(nzb));
    await push(wanted.release, 'usenet', clientId, `${files.url}/${counter}.nzb`);
    const task = station.tasks.find((candidate) => candidate.title === wanted.release)!;
    expect(task).toMatchObject({ type: 'nzb', uri: `${wanted.release}.nzb`, destination: 'downloads/readarr' });
    Object.assign(task, { status: 'downloading', size: 2000, sizeDownloaded: 500, speedDownload: 100 });
    const client = await t.app.get(DownloadClientFactory).client(clientId);
    const downloadId = `${HASHED_SERIAL}:${task.id}`;
    const items = await client.getItems();
    // 3000 + 1500 bytes to come at 200 B/s in all.
    expect(items.find((item) => item.downloadId === downloadId)).toMatchObject({
      status: 'downloading',
      totalSize: 2000,
      remainingSize: 1500,
      remainingTime: 22,
      canBeRemoved: true,
    });
    station.tasks.splice(station.tasks.indexOf(ahead), 1);

    const dir = join(shareRoot, 'readarr', wanted.release);
    mkdirSync(dir);
    await makeEpub(join(dir, 'book.epub'), { title: wanted.title, author: wanted.author.name, language: 'en' });
    finish(task);
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await bookFiles(wanted.book.id)).toHaveLength(1);
    expect(station.tasks.some((candidate) => candidate.id === task.id)).toBe(false);
  });

  it('a task in error fails the download with Download Station’s message; removeFailedDownloads takes only what may go', async () => {
    const usenetId = await addClient('UsenetDownloadStation');
    const torrentId = await addClient('TorrentDownloadStation');
    const nzbBook = await wantedBook();
    served.set(`/${counter}.nzb`, Buffer.from(nzb));
    await push(nzbBook.release, 'usenet', usenetId, `${files.url}/${counter}.nzb`);
    const torrentBook = await wantedBook();
    served.set(`/${counter}.torrent`, makeTorrent(`${torrentBook.release}.epub`).data);
    await push(torrentBook.release, 'torrent', torrentId, `${files.url}/${counter}.torrent`);
    const tasks = [nzbBook, torrentBook].map((wanted) => station.tasks.find((task) => task.title === wanted.release)!);
    for (const task of tasks) Object.assign(task, { status: 'error', statusExtra: { error_detail: 'broken_link' } });
    await runCommand(t, 'RefreshMonitoredDownloads');
    const states = await db.query<{ download_id: string; state: string; error_message: string }[]>(
      `SELECT download_id, state, error_message FROM tracked_download WHERE download_id = ANY($1)`,
      [tasks.map((task) => `${HASHED_SERIAL}:${task.id}`)],
    );
    // Clients of earlier tests read the same category and track these tasks too (as not grabbed by them): each
    // grabbed task has its failed row, whichever client's.
    for (const task of tasks)
      expect(states.filter((row) => row.download_id === `${HASHED_SERIAL}:${task.id}`)).toContainEqual({
        download_id: `${HASHED_SERIAL}:${task.id}`,
        state: 'downloadFailed',
        // DSM 7's task list has no status_extra, so there is no detail to pass on.
        error_message: dsm === 6 ? 'broken_link' : 'Download failed in the download client',
      });
    // An NZB task may always go; a torrent only once finished, so the failed torrent stays.
    expect(station.tasks.includes(tasks[0])).toBe(false);
    expect(station.tasks.includes(tasks[1])).toBe(true);
    station.tasks.length = 0;
  });

  it('queue: Readarr’s status, size left, time left and messages for each task state; other folders are not listed', async () => {
    const clientId = await addClient('TorrentDownloadStation');
    const client = await t.app.get(DownloadClientFactory).client(clientId);
    station.tasks.length = 0;
    const at = (status: FakeTaskState, extra: Partial<FakeDsTask> = {}) =>
      station.addTask({
        title: `${status} ${station.tasks.length}`,
        destination: 'downloads/readarr',
        status,
        ...extra,
      });
    const cases: [FakeDsTask, Record<string, unknown>][] = [
      [at('waiting', { sizeDownloaded: 0 }), { status: 'queued' }],
      [at('waiting', { sizeDownloaded: 1000 }), { status: 'completed' }],
      [at('paused', { sizeDownloaded: 400 }), { status: 'paused', remainingSize: 600 }],
      [at('downloading', { sizeDownloaded: 400, speedDownload: 200 }), { status: 'downloading', remainingTime: 3 }],
      [at('hash_checking'), { status: 'downloading' }],
      [at('seeding', { sizeDownloaded: 1000 }), { status: 'completed', canBeRemoved: false }],
      [at('finished', { sizeDownloaded: 1000 }), { status: 'completed', canBeRemoved: true, canMoveFiles: true }],
      [
        at('error', { statusExtra: { error_detail: 'broken_link' } }),
        { status: 'failed', message: dsm === 6 ? 'broken_link' : undefined },
      ],
      [
        at('extracting', { statusExtra: { unzip_progress: '42' } }),
        { status: 'downloading', message: dsm === 6 ? 'Extracting: 42%' : undefined },
      ],
    ];
    station.addTask({ title: 'Elsewhere', destination: 'downloads/movies' });
    station.addTask({ title: 'A web download', type: 'http', destination: 'downloads/readarr' });
    const items = await client.getItems();
    expect(items).toHaveLength(cases.length);
    for (const [task, expected] of cases) {
      const item = items.find((candidate) => candidate.downloadId === `${HASHED_SERIAL}:${task.id}`);
      expect({ state: task.status, ...item }).toMatchObject({ state: task.status, category: 'readarr', ...expected });
    }
    const finished = items.find((item) => item.title.startsWith('finished'))!;
    expect(finished.outputPath).toBe(join(shareRoot, 'readarr', finished.title));
    expect(items.find((item) => item.status === 'downloading')!.outputPath).toBeUndefined();
    station.tasks.length = 0;
  });

  it('remove: without data only the task goes, with data its folder goes too; a magnet is added by its link', async () => {
    const clientId = await addClient('TorrentDownloadStation');
    const client = await t.app.get(DownloadClientFactory).client(clientId);
    const magnet = 'magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a&dn=Magnet+Book';
    const magnetId = await client.download({ title: 'Magnet Book', downloadUrl: magnet, protocol: 'torrent' });
    const magnetTask = station.tasks.find((task) => task.uri === magnet)!;
    expect(magnetId).toBe(`${HASHED_SERIAL}:${magnetTask.id}`);
    const create = callsOf('create').slice(-1)[0];
    expect(create.params).toMatchObject(
      dsm === 7
        ? { type: 'url', url: magnet, create_list: 'false' }
        : { uri: magnet, destination: 'downloads/readarr' },
    );
    for (const deleteData of [false, true]) {
      finish(magnetTask);
      const dir = join(shareRoot, 'readarr', magnetTask.title);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'book.epub'), 'x');
      await client.removeItem(magnetId, deleteData);
      expect(station.tasks.includes(magnetTask)).toBe(false);
      expect(existsSync(dir)).toBe(!deleteData);
      station.tasks.push(magnetTask);
    }
    station.tasks.length = 0;
  });

  it('remote path mapping: the DiskStation’s /volume1 path is imported and its data deleted through the mapping', async () => {
    await t.api
      .post('/api/v1/remotepathmapping')
      .send({ host: '127.0.0.1', remotePath: '/volume1/nas/', localPath: nasRoot })
      .expect(200);
    const clientId = await addClient('TorrentDownloadStation', { musicCategory: '', tvDirectory: 'nas/books' });
    const wanted = await wantedBook();
    served.set(`/${counter}.torrent`, makeTorrent(`${wanted.release}.epub`).data);
    await push(wanted.release, 'torrent', clientId, `${files.url}/${counter}.torrent`);
    const task = station.tasks.find((candidate) => candidate.title === wanted.release)!;
    expect(task.destination).toBe('nas/books');
    const dir = join(nasRoot, 'books', wanted.release);
    mkdirSync(dir);
    await makeEpub(join(dir, 'book.epub'), { title: wanted.title, author: wanted.author.name, language: 'en' });
    Object.assign(task, { status: 'seeding', sizeDownloaded: task.size });
    const client = await t.app.get(DownloadClientFactory).client(clientId);
    const [item] = await client.getItems();
    expect(item.outputPath).toBe(`/volume1/nas/books/${wanted.release}`);
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await bookFiles(wanted.book.id)).toHaveLength(1);
    // Still seeding: not yet Download Station's to let go.
    expect(station.tasks.includes(task)).toBe(true);
    finish(task);
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(station.tasks.includes(task)).toBe(false);
    expect(existsSync(dir)).toBe(false);
  });

  it('useSsl: the DiskStation behind HTTPS is reached with https, plain HTTP to it fails on Host', async () => {
    const front = await new TlsFront('127.0.0.1', station.port).start();
    try {
      await t.api
        .post('/api/v1/downloadclient/test')
        .send(body('TorrentDownloadStation', { port: front.port, useSsl: true }))
        .expect(200);
      const plain = await testFailures('TorrentDownloadStation', { port: front.port, useSsl: false });
      expect(plain[0]).toMatchObject({
        propertyName: 'Host',
        errorMessage: 'Unable to connect to Torrent Download Station',
      });
    } finally {
      await front.stop();
    }
  });

  it('logs in again when DSM has dropped the session', async () => {
    const client = await t.app.get(DownloadClientFactory).client(await addClient('TorrentDownloadStation'));
    await client.getItems();
    const logins = station.logins;
    station.expireSessions();
    expect(await client.getItems()).toEqual([]);
    expect(station.logins).toBe(logins + 1);
    expect(station.calls.filter((call) => call.api === taskApi && call.params._sid === undefined)).toEqual([]);
  });
});
