import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { NzbgetSettings } from '../../../../src/integrations/download-client/nzbget.settings';
import { createAuthor, createBook } from '../../../factories';
import { until } from '../../../daemons/daemon';
import { NzbgetDaemon } from '../../../daemons/nzbget.daemon';
import { FakeNewznab } from '../../../fakes/newznab-fake';
import { FakeNntp, postFiles } from '../../../fakes/nntp.fake';
import { makeEpub } from '../../../fixtures/media/generators';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { addIndexer, ebookProfileId } from '../../../utils/search-fixture';

const NEWS_LOGIN = { user: 'reader', password: 'news-secret' };
const INDEXER_KEY = 'nzb-indexer-key';

/**
 * Quire's NZBGet client against Debian's real `nzbget` (server mode, test/daemons/nzbget.daemon.ts) whose only news
 * server is the NNTP fake on 127.0.0.1: a grabbed NZB lists yEnc articles the fake really serves, NZBGet downloads
 * and decodes them (checking each part's CRC32) into its category folder, and Quire imports the book from there.
 * A release whose articles the news server does not have (430) fails in NZBGet's health check.
 */
describe('NZBGet (real daemon, NNTP fake)', () => {
  let nntp: FakeNntp;
  let nzbget: NzbgetDaemon;
  let newznab: FakeNewznab;
  let t: TestApp;
  let db: DataSource;
  let clientId: number;
  let indexerId: number;
  let root: string;
  let counter = 0;
  const nzbs = new Map<string, string>();

  /** Quire's settings fields for the daemon; `extra` overrides or adds fields. */
  const fields = (extra: Record<string, unknown> = {}) =>
    Object.entries({
      host: '127.0.0.1',
      port: nzbget.port,
      username: nzbget.username,
      password: nzbget.password,
      musicCategory: 'Readarr',
      ...extra,
    }).map(([name, value]) => ({ name, value }));

  async function addClient(name: string, extra: Record<string, unknown> = {}, flags = {}): Promise<number> {
    const response = await t.api.post('/api/v1/downloadclient').send({
      name,
      enable: true,
      priority: 1,
      removeCompletedDownloads: true,
      removeFailedDownloads: true,
      ...flags,
      implementation: 'Nzbget',
      configContract: 'NzbgetSettings',
      fields: fields(extra),
    });
    expect(response.body).toMatchObject({ name });
    return response.body.id as number;
  }

  beforeAll(async () => {
    nntp = await new FakeNntp(NEWS_LOGIN).start();
    nzbget = await new NzbgetDaemon({ port: nntp.port, ...NEWS_LOGIN }, [
      'Readarr',
      'Readarr-held',
      'Readarr-keep',
      'Readarr-paused',
      'Readarr-queue',
    ]).start();
    newznab = await new FakeNewznab({
      apiKey: INDEXER_KEY,
      bookSearch: true,
      releases: [{ title: 'Ona Other - A Listed Shelf (epub)', guid: 'listed' }],
    }).start();
    // The indexer hands out the NZB posted for each release.
    newznab.nzbXml = (guid: string) => nzbs.get(guid) ?? '';
    t = await createTestApp();
    db = t.app.get(DataSource);
    root = mkdtempSync(join(tmpdir(), 'quire-nzbget-root-'));
    await t.api.put('/api/v1/config/mediamanagement').send({ skipFreeSpaceCheckWhenImporting: true }).expect(200);
    indexerId = await addIndexer(t, { implementation: 'Newznab', url: newznab.url, apiKey: INDEXER_KEY });
    clientId = await addClient('NZBGet');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await newznab?.stop();
    await nzbget?.stop();
    await nntp?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  /**
   * A new author and book, an EPUB of it posted to the news server in four yEnc parts (or not posted at all:
   * `missing`), and its NZB listed by the Newznab fake under the release's guid.
   */
  async function postedBook(options: { missing?: boolean; releaseDate?: Date } = {}) {
    counter++;
    const author = await createAuthor(db, {
      name: `Nia Usenet${'x'.repeat(counter)}`,
      rootFolderPath: root,
      qualityProfileId: await ebookProfileId(db),
    });
    const title = `The Posted Harbour ${counter}`;
    const book = await createBook(db, author, { title, releaseDate: options.releaseDate ?? new Date('2020-01-01') });
    const name = `${author.name} - ${title} (epub)`;
    const scratch = mkdtempSync(join(tmpdir(), 'quire-nzb-book-'));
    await makeEpub(join(scratch, 'book.epub'), { title, author: author.name, language: 'en' });
    const data = readFileSync(join(scratch, 'book.epub'));
    rmSync(scratch, { recursive: true, force: true });
    const guid = `nzb-${counter}`;
    const posted = postFiles(nntp, guid, [{ name: 'book.epub', data }], {
      partSize: Math.ceil(data.length / 4),
      missing: options.missing ? ['book.epub'] : [],
    });
    nzbs.set(guid, posted.nzb);
    newznab.releases.push({ title: name, guid, size: data.length, category: 7020 });
    const url = `${newznab.url}/getnzb/${guid}?apikey=${INDEXER_KEY}`;
    return { author, book, name, guid, url, data, messageIds: posted.messageIds, nzbSize: posted.nzbSize };
  }

  /** The release straight to a client (Readarr's release push), as a grab from the indexer would send it. */
  async function push(release: { name: string; url: string }, downloadClientId = clientId): Promise<string> {
    const pushed = await t.api
      .post('/api/v1/release/push')
      .send({
        title: release.name,
        downloadUrl: release.url,
        protocol: 'usenet',
        publishDate: new Date(Date.now() - 3_600_000).toISOString(),
        indexer: 'Local',
        size: 10_000,
        downloadClientId,
      })
      .expect(200);
    expect(pushed.body).toMatchObject({ approved: true });
    return (await trackedByTitle(release.name)).downloadId;
  }

  const trackedByTitle = (title: string) =>
    until(
      async () =>
        (
          await db.query<{ id: number; state: string; download_id: string }[]>(
            `SELECT id, state, download_id FROM tracked_download WHERE title = $1`,
            [title],
          )
        ).map((row) => ({ id: row.id, state: row.state, downloadId: row.download_id }))[0],
      `the tracked download of ${title}`,
    );
  const tracked = async (downloadId: string) =>
    (
      await db.query<{ id: number; state: string }[]>(`SELECT id, state FROM tracked_download WHERE download_id = $1`, [
        downloadId,
      ])
    )[0];
  const queueItem = async (downloadId: string) =>
    ((await t.api.get('/api/v1/queue?pageSize=100').expect(200)).body.records as Record<string, unknown>[]).find(
      (item) => item.downloadId === downloadId,
    );
  const bookFiles = async (bookId: number) =>
    (await t.api.get(`/api/v1/bookfile?bookId=${bookId}`).expect(200)).body as { path: string }[];
  const inHistory = async (downloadId: string) => (await nzbget.find(downloadId)).history;
  const inQueue = async (downloadId: string) => (await nzbget.find(downloadId)).group;

  it('test: the right login passes; a wrong password fails on Username, an unreachable host on Host, a missing category on MusicCategory, with Readarr’s messages', async () => {
    const probe = (extra: Record<string, unknown>) =>
      t.api.post('/api/v1/downloadclient/test').send({
        name: 'Probe',
        enable: true,
        implementation: 'Nzbget',
        configContract: 'NzbgetSettings',
        fields: fields(extra),
      });
    await probe({}).expect(200);

    const wrong = await probe({ password: 'not-the-password' }).expect(400);
    expect(wrong.body).toEqual([
      expect.objectContaining({ propertyName: 'Username', errorMessage: 'Authentication failed' }),
    ]);
    expect(JSON.stringify(wrong.body)).not.toContain('not-the-password');

    const unreachable = await probe({ port: 1 }).expect(400);
    expect(unreachable.body).toEqual([
      expect.objectContaining({ propertyName: 'Host', errorMessage: 'Unable to connect to NZBGet' }),
    ]);

    const missing = await probe({ musicCategory: 'Nowhere' }).expect(400);
    expect(missing.body).toEqual([
      expect.objectContaining({
        propertyName: 'MusicCategory',
        errorMessage: 'Category does not exist',
        detailedDescription: "The Category your entered doesn't exist in NzbGet. Go to NzbGet to create it.",
      }),
    ]);
  });

  it('test: an NZBGet that keeps no history fails with Readarr’s KeepHistory message', async () => {
    const forgetful = await new NzbgetDaemon({ port: nntp.port, ...NEWS_LOGIN }, ['Readarr'], 0).start();
    try {
      const response = await t.api
        .post('/api/v1/downloadclient/test')
        .send({
          name: 'Forgetful',
          enable: true,
          implementation: 'Nzbget',
          configContract: 'NzbgetSettings',
          fields: fields({ port: forgetful.port }),
        })
        .expect(400);
      expect(response.body).toEqual([
        expect.objectContaining({
          errorMessage: 'NzbGet setting KeepHistory should be greater than 0',
          detailedDescription:
            'NzbGet setting KeepHistory is set to 0. Which prevents Readarr from seeing completed downloads.',
        }),
      ]);
    } finally {
      await forgetful.stop();
    }
  });

  it('schema: Nzbget has Readarr’s fields and defaults (port 6789, login nzbget/tegbzn6789, category Readarr, NZBGet’s priorities)', async () => {
    const schema = (await t.api.get('/api/v1/downloadclient/schema').expect(200)).body as {
      implementation: string;
      fields: { name: string; value: unknown; selectOptions?: { value: number; name: string }[] }[];
    }[];
    const nzbgetSchema = schema.find((entry) => entry.implementation === 'Nzbget');
    expect(nzbgetSchema).toMatchObject({
      implementationName: 'NZBGet',
      configContract: 'NzbgetSettings',
      protocol: 'usenet',
    });
    expect(nzbgetSchema!.fields.map((field) => field.name)).toEqual([
      'host',
      'port',
      'useSsl',
      'urlBase',
      'username',
      'password',
      'musicCategory',
      'recentTvPriority',
      'olderTvPriority',
      'addPaused',
    ]);
    const values = Object.fromEntries(nzbgetSchema!.fields.map((field) => [field.name, field.value]));
    // Quire masks every password on output, a default one too: the default itself is NZBGet's own.
    expect(new NzbgetSettings().password).toBe('tegbzn6789');
    expect(values).toMatchObject({
      host: 'localhost',
      port: 6789,
      useSsl: false,
      username: 'nzbget',
      password: '********',
      musicCategory: 'Readarr',
      recentTvPriority: 0,
      olderTvPriority: 0,
      addPaused: false,
    });
    const priorities = nzbgetSchema!.fields.find((field) => field.name === 'recentTvPriority')!.selectOptions;
    expect(priorities?.map((option) => [option.name, option.value])).toEqual([
      ['VeryLow', -100],
      ['Low', -50],
      ['Normal', 0],
      ['High', 50],
      ['VeryHigh', 100],
      ['Force', 900],
    ]);
  });

  it('grab: the NZB from the Newznab search reaches NZBGet in the category; NZBGet downloads its articles from the news server, the queue shows its progress, and Quire imports the book', async () => {
    const posted = await postedBook();
    // The last part waits on the news server: the download is caught with three quarters done.
    nntp.hold(posted.messageIds.slice(-1));
    const releases = (await t.api.get(`/api/v1/release?bookId=${posted.book.id}`).expect(200)).body as {
      guid: string;
    }[];
    expect(releases.map((release) => release.guid)).toContain(posted.guid);
    const grabbed = await t.api.post('/api/v1/release').send({ guid: posted.guid, indexerId });
    expect(grabbed.body.message ?? '').toBe('');
    const { downloadId } = await trackedByTitle(posted.name);
    // Quire's id is the `drone` parameter it set, as Readarr does: 32 hex digits.
    expect(downloadId).toMatch(/^[0-9a-f]{32}$/);
    const group = await until(() => inQueue(downloadId), 'the NZB in NZBGet');
    expect(group).toMatchObject({ Category: 'Readarr', NZBName: posted.name });

    await until(() => Promise.resolve(nntp.fetches(posted.messageIds[2]) > 0), 'the third part to be fetched');
    await until(async () => {
      await runCommand(t, 'RefreshMonitoredDownloads');
      const item = await queueItem(downloadId);
      return item && (item.sizeleft as number) < (item.size as number) && item;
    }, 'the queue to show progress');
    const item = await queueItem(downloadId);
    expect(item).toMatchObject({
      protocol: 'usenet',
      downloadClient: 'NZBGet',
      bookId: posted.book.id,
      status: 'downloading',
      trackedDownloadState: 'downloading',
    });
    expect(item!.sizeleft as number).toBeGreaterThan(0);
    expect(await bookFiles(posted.book.id)).toEqual([]);

    nntp.release();
    const done = await until(() => inHistory(downloadId), 'NZBGet to finish the download');
    expect(done.Status).toBe('SUCCESS/HEALTH');
    expect(readFileSync(join(done.DestDir, 'book.epub'))).toEqual(posted.data);

    await runCommand(t, 'RefreshMonitoredDownloads');
    const imported = await bookFiles(posted.book.id);
    expect(imported).toHaveLength(1);
    expect(readFileSync(imported[0].path)).toEqual(posted.data);
    expect((await tracked(downloadId)).state).toBe('imported');
    // removeCompletedDownloads: NZBGet lets a finished download go, so it leaves NZBGet's history with its folder.
    await until(async () => !(await inHistory(downloadId)), 'the download to leave NZBGet');
    expect(existsSync(done.DestDir)).toBe(false);
  });

  it('a failed download (the news server answers 430 for its articles) is failed in Quire, blocklisted, and with removeFailedDownloads leaves NZBGet', async () => {
    const posted = await postedBook({ missing: true });
    const downloadId = await push(posted);
    const failed = await until(() => inHistory(downloadId), 'NZBGet to give up on the download');
    expect(failed.Status).toBe('FAILURE/HEALTH');
    // NZBGet gives up as soon as its health check knows the download cannot complete: after one or more 430s.
    expect(nntp.notFound.filter((id) => posted.messageIds.includes(id)).length).toBeGreaterThan(0);

    await runCommand(t, 'RefreshMonitoredDownloads');
    expect((await tracked(downloadId)).state).toBe('downloadFailed');
    const blocklist = (await t.api.get('/api/v1/blocklist?pageSize=50').expect(200)).body.records as {
      sourceTitle: string;
    }[];
    expect(blocklist.map((entry) => entry.sourceTitle)).toContain(posted.name);
    await until(async () => !(await inHistory(downloadId)), 'the failed download to leave NZBGet');
    expect(await bookFiles(posted.book.id)).toEqual([]);
  });

  it('removeFailedDownloads off: a failed download stays in NZBGet', async () => {
    const keepingId = await addClient(
      'NZBGet keeps failed',
      { musicCategory: 'Readarr-keep' },
      {
        removeFailedDownloads: false,
      },
    );
    const posted = await postedBook({ missing: true });
    const downloadId = await push(posted, keepingId);
    await until(() => inHistory(downloadId), 'NZBGet to give up on the download');
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect((await tracked(downloadId)).state).toBe('downloadFailed');
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await inHistory(downloadId)).toMatchObject({ Status: 'FAILURE/HEALTH' });
    await t.api.delete(`/api/v1/downloadclient/${keepingId}`).expect(200);
  });

  it('addPaused, recentTvPriority and olderTvPriority: a recent book is added paused with the recent priority, an older one with the older; the queue shows them paused', async () => {
    const pausedId = await addClient('NZBGet paused', {
      musicCategory: 'Readarr-paused',
      addPaused: true,
      recentTvPriority: 100,
      olderTvPriority: -50,
    });
    const recent = await postedBook({ releaseDate: new Date() });
    const older = await postedBook();
    const recentId = await push(recent, pausedId);
    const olderId = await push(older, pausedId);
    expect(await inQueue(recentId)).toMatchObject({ Status: 'PAUSED', MaxPriority: 100, Category: 'Readarr-paused' });
    expect(await inQueue(olderId)).toMatchObject({ Status: 'PAUSED', MaxPriority: -50 });
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await queueItem(recentId)).toMatchObject({
      status: 'paused',
      size: recent.nzbSize,
      sizeleft: recent.nzbSize,
    });
    expect(nntp.fetches(recent.messageIds[0])).toBe(0);

    // By default a grab is added running, at normal priority.
    const running = await postedBook();
    const runningId = await push(running);
    const done = await until(() => inHistory(runningId), 'the running download to finish');
    expect(done.Status).toBe('SUCCESS/HEALTH');
    await t.api.delete(`/api/v1/downloadclient/${pausedId}`).expect(200);
  });

  it('queue status: while both news connections are busy with one download, the next one waits queued; both then finish', async () => {
    const queueId = await addClient('NZBGet queue', { musicCategory: 'Readarr-queue' });
    const first = await postedBook();
    const second = await postedBook();
    nntp.hold(first.messageIds);
    const firstId = await push(first, queueId);
    // Both connections wait on the first download's parts before the second is added.
    await until(
      () => Promise.resolve(first.messageIds.filter((id) => nntp.fetches(id) > 0).length === 2),
      'two parts of the first download to be asked for',
    );
    const secondId = await push(second, queueId);
    await until(() => inQueue(secondId), 'the second download in NZBGet');
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await queueItem(firstId)).toMatchObject({ status: 'downloading' });
    expect(await queueItem(secondId)).toMatchObject({ status: 'queued', sizeleft: second.nzbSize });

    nntp.release();
    for (const id of [firstId, secondId])
      expect(await until(() => inHistory(id), 'the downloads to finish')).toMatchObject({ Status: 'SUCCESS/HEALTH' });
    await t.api.delete(`/api/v1/downloadclient/${queueId}`).expect(200);
  });

  it('removing from the queue: with removeFromClient NZBGet drops the download; without, it stays in NZBGet and leaves the queue', async () => {
    const heldId = await addClient('NZBGet held', { musicCategory: 'Readarr-held', addPaused: true });
    const removed = await postedBook();
    const kept = await postedBook();
    const removedId = await push(removed, heldId);
    const keptId = await push(kept, heldId);
    await until(() => inQueue(removedId), 'the first download in NZBGet');
    await until(() => inQueue(keptId), 'the second download in NZBGet');

    await t.api.delete(`/api/v1/queue/${(await tracked(removedId)).id}?removeFromClient=true`).expect(200);
    await until(async () => !(await inQueue(removedId)), 'the download to leave NZBGet');
    expect(await inHistory(removedId)).toBeUndefined();

    await t.api.delete(`/api/v1/queue/${(await tracked(keptId)).id}?removeFromClient=false`).expect(200);
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await inQueue(keptId)).toMatchObject({ Status: 'PAUSED' });
    expect(await queueItem(keptId)).toBeUndefined();
    await t.api.delete(`/api/v1/downloadclient/${heldId}`).expect(200);
  });
});
