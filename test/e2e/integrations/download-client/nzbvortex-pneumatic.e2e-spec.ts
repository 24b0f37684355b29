import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { DownloadClientFactory } from '../../../../src/integrations/download-client';
import { createAuthor, createBook } from '../../../factories';
import { FakeHttpServer, send } from '../../../fakes/fake-http';
import { FakeNzbVortex } from '../../../fakes/nzbvortex.fake';
import { makeEpub } from '../../../fixtures/media/generators';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { ebookProfileId } from '../../../utils/search-fixture';

const API_KEY = 'vortex0123456789secret';

interface Failure {
  propertyName: string;
  errorMessage: string;
  detailedDescription?: string;
}

describe('NZBVortex (fake, HTTPS) and Pneumatic (temp folders)', () => {
  let t: TestApp;
  let db: DataSource;
  let vortex: FakeNzbVortex;
  let files: FakeHttpServer;
  const libraryRoot = mkdtempSync(join(tmpdir(), 'quire-vortex-library-'));
  const completeRoot = mkdtempSync(join(tmpdir(), 'quire-vortex-complete-'));
  const nzb = '<?xml version="1.0"?><nzb xmlns="http://www.newzbin.com/DTD/2003/nzb"><file subject="book"/></nzb>';
  let counter = 0;

  beforeAll(async () => {
    vortex = await new FakeNzbVortex(API_KEY, 'nzbvortex').start();
    files = await new FakeHttpServer((request, response) => {
      if (request.url.pathname.endsWith('.nzb')) return send(response, 200, nzb, 'application/x-nzb');
      send(response, 404, 'missing');
    }).start();
    t = await createTestApp();
    db = t.app.get(DataSource);
    await t.api.put('/api/v1/config/mediamanagement').send({ skipFreeSpaceCheckWhenImporting: true }).expect(200);
  });
  afterAll(async () => {
    await t?.close();
    await vortex.stop();
    await files.stop();
  });

  const body = (implementation: string, values: Record<string, unknown>) => ({
    name: `${implementation} ${++counter}`,
    enable: true,
    priority: 1,
    removeCompletedDownloads: true,
    removeFailedDownloads: true,
    implementation,
    configContract: `${implementation}Settings`,
    fields: Object.entries(values).map(([name, value]) => ({ name, value })),
  });
  const vortexFields = (overrides: Record<string, unknown> = {}) => ({
    host: '127.0.0.1',
    port: vortex.tlsPort,
    urlBase: '/nzbvortex',
    apiKey: API_KEY,
    musicCategory: 'Readarr',
    ...overrides,
  });
  const failures = async (implementation: string, values: Record<string, unknown>) =>
    (await t.api.post('/api/v1/downloadclient/test').send(body(implementation, values)).expect(400)).body as Failure[];
  const addClient = async (implementation: string, values: Record<string, unknown>) =>
    (await t.api.post('/api/v1/downloadclient').send(body(implementation, values)).expect(200)).body.id as number;

  async function wantedBook(releaseDate = new Date('2020-01-01')) {
    counter++;
    const author = await createAuthor(db, {
      name: `Vera Vortex${'q'.repeat(counter)}`,
      rootFolderPath: libraryRoot,
      qualityProfileId: await ebookProfileId(db),
    });
    const title = `The Spinning Archive ${counter}`;
    const book = await createBook(db, author, { title, releaseDate });
    return { author, book, title, release: `${author.name} - ${title} (epub)` };
  }

  async function push(release: string, downloadClientId: number) {
    const pushed = await t.api
      .post('/api/v1/release/push')
      .send({
        title: release,
        downloadUrl: `${files.url}/${counter}.nzb`,
        protocol: 'usenet',
        publishDate: new Date(Date.now() - 3_600_000).toISOString(),
        indexer: 'Local',
        size: 100_000,
        downloadClientId,
      })
      .expect(200);
    expect(pushed.body).toMatchObject({ approved: true });
  }

  it('schema: the four clients with Readarr’s names, contracts, fields and defaults', async () => {
    const schema = (await t.api.get('/api/v1/downloadclient/schema').expect(200)).body as {
      implementation: string;
      implementationName: string;
      configContract: string;
      protocol: string;
      fields: { name: string; value?: unknown }[];
    }[];
    const of = (implementation: string) => {
      const found = schema.find((entry) => entry.implementation === implementation)!;
      return { ...found, values: Object.fromEntries(found.fields.map((field) => [field.name, field.value])) };
    };
    for (const [implementation, protocol] of [
      ['TorrentDownloadStation', 'torrent'],
      ['UsenetDownloadStation', 'usenet'],
    ]) {
      const station = of(implementation);
      expect(station).toMatchObject({
        implementationName: 'Download Station',
        configContract: 'DownloadStationSettings',
        protocol,
      });
      expect(station.fields.map((field) => field.name)).toEqual([
        'host',
        'port',
        'useSsl',
        'username',
        'password',
        'musicCategory',
        'tvDirectory',
      ]);
      expect(station.values).toMatchObject({ host: '127.0.0.1', port: 5000, useSsl: false });
    }
    const nzbVortex = of('NzbVortex');
    expect(nzbVortex).toMatchObject({
      implementationName: 'NZBVortex',
      configContract: 'NzbVortexSettings',
      protocol: 'usenet',
    });
    expect(nzbVortex.values).toEqual({
      host: 'localhost',
      port: 4321,
      apiKey: '',
      musicCategory: 'Readarr',
      recentTvPriority: 0,
      olderTvPriority: 0,
    });
    expect(nzbVortex.fields.map((field) => field.name)).toEqual([
      'host',
      'port',
      'urlBase',
      'apiKey',
      'musicCategory',
      'recentTvPriority',
      'olderTvPriority',
    ]);
    const pneumatic = of('Pneumatic');
    expect(pneumatic).toMatchObject({
      implementationName: 'Pneumatic',
      configContract: 'PneumaticSettings',
      protocol: 'usenet',
    });
    expect(pneumatic.fields.map((field) => field.name)).toEqual(['nzbFolder', 'strmFolder']);
  });

  describe('NZBVortex', () => {
    it('test: a wrong API key fails on ApiKey; a wrong URL base, host or old API level on Host; a missing group on MusicCategory', async () => {
      await t.api.post('/api/v1/downloadclient/test').send(body('NzbVortex', vortexFields())).expect(200);
      expect(await failures('NzbVortex', vortexFields({ apiKey: 'wrong-key' }))).toEqual([
        expect.objectContaining({ propertyName: 'ApiKey', errorMessage: 'API Key Incorrect' }),
      ]);
      for (const wrong of [{ urlBase: '' }, { urlBase: '/vortex' }, { port: 1 }])
        expect(await failures('NzbVortex', vortexFields(wrong))).toEqual([
          expect.objectContaining({
            propertyName: 'Host',
            errorMessage: 'Unable to connect to NZBVortex',
            detailedDescription: 'Unable to connect to NZBVortex, please check your settings',
          }),
        ]);
      expect(await failures('NzbVortex', vortexFields({ musicCategory: 'Books' }))).toEqual([
        expect.objectContaining({
          propertyName: 'MusicCategory',
          errorMessage: 'Group does not exist',
          detailedDescription: "The Group you entered doesn't exist in NzbVortex. Go to NzbVortex to create it.",
        }),
      ]);
      vortex.apiLevel = '2.2';
      const old = await failures('NzbVortex', vortexFields());
      vortex.apiLevel = '2.4';
      expect(old).toEqual([
        expect.objectContaining({ propertyName: 'Host', errorMessage: 'NZBVortex needs to be updated' }),
      ]);
      const empty = await failures('NzbVortex', vortexFields({ apiKey: '' }));
      expect(empty[0]).toMatchObject({ propertyName: 'ApiKey', errorMessage: 'API Key is required' });
      // The login is the nonce/cnonce hash: the key itself never travels.
      expect(vortex.requests.some((request) => request.url.search.includes(API_KEY))).toBe(false);
    });

    it('grabs an NZB through Quire into the group; once the job folder is done it is imported and cancelled with its data', async () => {
      const clientId = await addClient('NzbVortex', vortexFields());
      const wanted = await wantedBook();
      await push(wanted.release, clientId);
      const job = vortex.jobs.find((candidate) => candidate.uiTitle === wanted.release)!;
      expect(job).toMatchObject({ groupName: 'Readarr', priority: 0, nzb });
      const queue = (await t.api.get('/api/v1/queue?pageSize=100').expect(200)).body.records as Record<
        string,
        unknown
      >[];
      expect(queue.find((item) => item.downloadId === job.addUUID)).toMatchObject({ bookId: wanted.book.id });

      const dir = join(completeRoot, wanted.release);
      mkdirSync(dir);
      await makeEpub(join(dir, 'book.epub'), { title: wanted.title, author: wanted.author.name, language: 'en' });
      Object.assign(job, { destinationPath: dir, state: 20, downloadedSize: job.totalDownloadSize });
      await runCommand(t, 'RefreshMonitoredDownloads');
      const imported = (await t.api.get(`/api/v1/bookfile?bookId=${wanted.book.id}`).expect(200)).body as unknown[];
      expect(imported).toHaveLength(1);
      expect(vortex.cancelled).toContainEqual({ id: job.id, deleteData: true });
    });

    it('queue: paused, waiting, downloading, done and failed states as Readarr; several files outside a job folder warn', async () => {
      const client = await t.app.get(DownloadClientFactory).client(await addClient('NzbVortex', vortexFields()));
      vortex.jobs.length = 0;
      const job = (uiTitle: string, state: number, extra: Record<string, unknown> = {}) => {
        const created = {
          id: 100 + vortex.jobs.length,
          addUUID: `uuid-${uiTitle}`,
          uiTitle,
          groupName: 'Readarr',
          destinationPath: `/complete/${uiTitle}`,
          isPaused: false,
          state,
          totalDownloadSize: 1000,
          downloadedSize: 250,
          priority: 0,
          nzb,
          files: [],
          ...extra,
        };
        vortex.jobs.push(created);
        return created;
      };
      job('Paused', 1, { isPaused: true });
      job('Waiting', 0);
      job('Repairing', 9);
      job('Done', 20, { downloadedSize: 1000 });
      job('Unpack failed', 21);
      job('Corrupt', 22);
      job('Badly encoded', 24);
      job('Locked', 5);
      job('Loose files', 20, { destinationPath: '/complete', files: ['a.epub', 'b.epub'] });
      job('Not ours', 1, { groupName: 'Movies' });
      const items = await client.getItems();
      const status = Object.fromEntries(items.map((item) => [item.title, item.status]));
      expect(status).toEqual({
        Paused: 'paused',
        Waiting: 'queued',
        Repairing: 'downloading',
        Done: 'completed',
        'Unpack failed': 'failed',
        Corrupt: 'failed',
        'Badly encoded': 'failed',
        Locked: 'failed',
        'Loose files': 'warning',
      });
      expect(items.find((item) => item.title === 'Waiting')).toMatchObject({
        downloadId: 'uuid-Waiting',
        category: 'Readarr',
        totalSize: 1000,
        remainingSize: 750,
      });
      expect(items.find((item) => item.title === 'Waiting')!.remainingTime).toBeUndefined();
      expect(items.find((item) => item.title === 'Done')).toMatchObject({
        remainingTime: 0,
        outputPath: '/complete/Done',
      });
      expect(items.find((item) => item.title === 'Locked')!.message).toBe('Encrypted download detected');
      expect(items.find((item) => item.title === 'Loose files')).toMatchObject({
        outputPath: '/complete/a.epub',
        message: 'Download contains multiple files and is not in a job folder: /complete',
      });
      // An expired session is renewed once, with a fresh nonce.
      const logins = vortex.logins;
      vortex.expireSessions();
      expect(await client.getItems()).toHaveLength(items.length);
      expect(vortex.logins).toBe(logins + 1);
      vortex.jobs.length = 0;
    });

    it('remove: cancel keeps the data, cancelDelete takes it, found by add_uuid', async () => {
      const client = await t.app.get(DownloadClientFactory).client(await addClient('NzbVortex', vortexFields()));
      const first = await client.download({
        title: 'Remove Me',
        downloadUrl: `${files.url}/r1.nzb`,
        protocol: 'usenet',
      });
      const second = await client.download({
        title: 'Delete Me',
        downloadUrl: `${files.url}/r2.nzb`,
        protocol: 'usenet',
      });
      const ids = [first, second].map((uuid) => vortex.jobs.find((job) => job.addUUID === uuid)!.id);
      await client.removeItem(first, false);
      await client.removeItem(second, true);
      expect(vortex.cancelled.slice(-2)).toEqual([
        { id: ids[0], deleteData: false },
        { id: ids[1], deleteData: true },
      ]);
      expect(vortex.jobs.some((job) => ids.includes(job.id))).toBe(false);
    });

    it('recentTvPriority/olderTvPriority: a recent book is added with the recent priority, an older one with the older', async () => {
      const client = await t.app
        .get(DownloadClientFactory)
        .client(await addClient('NzbVortex', vortexFields({ recentTvPriority: 1, olderTvPriority: -1 })));
      const recent = await client.download({
        title: 'Recent',
        downloadUrl: `${files.url}/p1.nzb`,
        protocol: 'usenet',
        recentBook: true,
      });
      const older = await client.download({ title: 'Older', downloadUrl: `${files.url}/p2.nzb`, protocol: 'usenet' });
      const priorityOf = (uuid: string) => vortex.jobs.find((job) => job.addUUID === uuid)!.priority;
      expect([priorityOf(recent), priorityOf(older)]).toEqual([1, -1]);
      vortex.jobs.length = 0;
    });
  });

  describe('Pneumatic', () => {
    const root = mkdtempSync(join(tmpdir(), 'quire-pneumatic-'));
    const nzbFolder = join(root, 'nzb');
    const strmFolder = join(root, 'strm');
    mkdirSync(nzbFolder);
    mkdirSync(strmFolder);

    it('test: a missing Nzb or Strm folder fails on that field with Readarr’s message', async () => {
      await t.api.post('/api/v1/downloadclient/test').send(body('Pneumatic', { nzbFolder, strmFolder })).expect(200);
      expect(await failures('Pneumatic', { nzbFolder: join(root, 'nope'), strmFolder })).toEqual([
        expect.objectContaining({ propertyName: 'NzbFolder', errorMessage: 'Folder does not exist' }),
      ]);
      expect(await failures('Pneumatic', { nzbFolder, strmFolder: join(root, 'nope') })).toEqual([
        expect.objectContaining({ propertyName: 'StrmFolder', errorMessage: 'Folder does not exist' }),
      ]);
    });

    it('grab writes the NZB and a .strm for the Kodi add-on; the .strm is listed as completed; removing is refused', async () => {
      const clientId = await addClient('Pneumatic', { nzbFolder, strmFolder });
      const wanted = await wantedBook();
      await push(wanted.release, clientId);
      const nzbFile = join(nzbFolder, `${wanted.release}.nzb`);
      expect(readFileSync(nzbFile, 'utf8')).toBe(nzb);
      expect(readFileSync(join(strmFolder, `${wanted.release}.strm`), 'utf8')).toBe(
        `plugin://plugin.program.pneumatic/?mode=strm&type=add_file&nzb=${nzbFile}&nzbname=${wanted.release}`,
      );
      const client = await t.app.get(DownloadClientFactory).client(clientId);
      const [item] = await client.getItems();
      expect(item).toMatchObject({
        title: `${wanted.release}.strm`,
        status: 'completed',
        outputPath: join(strmFolder, `${wanted.release}.strm`),
        canBeRemoved: true,
      });
      expect(item.downloadId).toMatch(
        new RegExp(`^Pneumatic \\d+_${wanted.release.replace(/[()]/g, '\\$&')}\\.strm_\\d{18}$`),
      );
      const queue = (await t.api.get('/api/v1/queue?pageSize=100').expect(200)).body.records as Record<
        string,
        unknown
      >[];
      expect(queue.find((entry) => entry.downloadId === item.downloadId)).toMatchObject({ bookId: wanted.book.id });
      await expect(client.removeItem(item.downloadId, true)).rejects.toThrow(/does not support removing/);
      expect(readdirSync(strmFolder)).toHaveLength(1);
      rmSync(root, { recursive: true, force: true });
      expect(existsSync(root)).toBe(false);
    });
  });
});
