import { Logger } from '@nestjs/common';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DownloadClientFactory } from '../../../../src/integrations/download-client';
import { WatchFolderScanner } from '../../../../src/integrations/download-client/watch-folder-scanner';
import { RemotePathMappingService } from '../../../../src/integrations/remote-path-mapping/remote-path-mapping.service';
import { FakeHttpServer, send } from '../../../fakes/fake-http';
import { FakeQBittorrent } from '../../../fakes/qbittorrent-fake';
import { FakeSabnzbd } from '../../../fakes/sabnzbd-fake';
import { makeTorrent } from '../../../fakes/torrent-files';
import { FakeTransmission } from '../../../fakes/transmission-fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

const QBIT_PASSWORD = 'qbit-secret-pass';
const SAB_KEY = 'sab0123456789secretkey';
const TR_PASSWORD = 'transmission-secret';

interface WireField {
  name: string;
  value?: unknown;
}
const fieldsOf = (resource: { fields: WireField[] }) =>
  Object.fromEntries(resource.fields.map((field) => [field.name, field.value]));

const logged: string[] = [];
for (const level of ['log', 'warn', 'error', 'debug', 'verbose'] as const)
  jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => {
    logged.push(args.map((arg) => (arg instanceof Error ? arg.message : JSON.stringify(arg))).join(' '));
  });

describe('providers: download clients', () => {
  let t: TestApp;
  let qbit: FakeQBittorrent;
  let sab: FakeSabnzbd;
  let transmission: FakeTransmission;
  let files: FakeHttpServer;
  const torrent = makeTorrent('The Left Hand of Darkness.epub');
  const hashOf = (data: Buffer) => (data.equals(torrent.data) ? torrent.hash : undefined);
  const nzb = '<?xml version="1.0"?><nzb xmlns="http://www.newzbin.com/DTD/2003/nzb"><file subject="book"/></nzb>';

  beforeAll(async () => {
    qbit = await new FakeQBittorrent('admin', QBIT_PASSWORD, hashOf).start();
    sab = await new FakeSabnzbd(SAB_KEY).start();
    transmission = await new FakeTransmission({ username: 'reader', password: TR_PASSWORD }, hashOf).start();
    files = await new FakeHttpServer((request, response) => {
      if (request.url.pathname === '/book.torrent')
        return send(response, 200, torrent.data, 'application/x-bittorrent');
      if (request.url.pathname === '/book.nzb') return send(response, 200, nzb, 'application/x-nzb');
      send(response, 404, 'missing');
    }).start();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    for (const server of [qbit, sab, transmission, files]) await server.stop();
  });

  const body = (implementation: string, fields: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    name: `${implementation} ${Object.keys(extra).join('')}${Math.random().toString(36).slice(2, 6)}`,
    enable: true,
    priority: 1,
    implementation,
    configContract: `${implementation}Settings`,
    fields: Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...extra,
  });
  const release = (protocol: 'torrent' | 'usenet') => ({
    title: 'Ursula K Le Guin - The Left Hand of Darkness',
    downloadUrl: `${files.url}/book.${protocol === 'torrent' ? 'torrent' : 'nzb'}`,
    protocol,
  });

  it('schema lists the five clients with Readarr’s fields and template defaults', async () => {
    const schema = (await t.api.get('/api/v1/downloadclient/schema').expect(200)).body;
    const of = (implementation: string) =>
      schema.find((s: { implementation: string }) => s.implementation === implementation);
    expect(schema.map((s: { implementation: string }) => s.implementation)).toEqual([
      'Aria2',
      'Hadouken',
      'QBittorrent',
      'Sabnzbd',
      'TorrentBlackhole',
      'Transmission',
      'UsenetBlackhole',
      'UTorrent',
      'Vuze',
    ]);
    const qb = of('QBittorrent');
    expect(qb).toMatchObject({
      name: '',
      enable: false,
      priority: 1,
      protocol: 'torrent',
      removeCompletedDownloads: true,
      removeFailedDownloads: true,
      implementationName: 'qBittorrent',
      configContract: 'QBittorrentSettings',
      infoLink: 'https://wiki.servarr.com/readarr/supported#qbittorrent',
    });
    expect(qb.fields.map((f: WireField) => f.name)).toEqual([
      'host',
      'port',
      'useSsl',
      'urlBase',
      'username',
      'password',
      'musicCategory',
      'musicImportedCategory',
      'recentTvPriority',
      'olderTvPriority',
      'initialState',
      'sequentialOrder',
      'firstAndLast',
      'contentLayout',
    ]);
    expect(fieldsOf(qb)).toMatchObject({ host: 'localhost', port: 8080, musicCategory: 'readarr' });
    const initialState = qb.fields.find((f: WireField) => f.name === 'initialState');
    expect(initialState.selectOptions.map((o: { name: string }) => o.name)).toEqual([
      'Started',
      'Force Started',
      'Stopped',
    ]);
    const sabFields = fieldsOf(of('Sabnzbd'));
    expect(Object.keys(sabFields)).toEqual([
      'host',
      'port',
      'useSsl',
      'urlBase',
      'apiKey',
      'username',
      'password',
      'musicCategory',
      'recentTvPriority',
      'olderTvPriority',
    ]);
    expect(sabFields).toMatchObject({ musicCategory: 'Readarr', recentTvPriority: -100 });
    expect(fieldsOf(of('Transmission'))).toMatchObject({ port: 9091, urlBase: '/transmission/', addPaused: false });
    expect(of('UsenetBlackhole')).toMatchObject({ protocol: 'usenet', implementationName: 'Usenet Blackhole' });
  });

  describe('qBittorrent', () => {
    const fields = (password: string) => ({ host: '127.0.0.1', port: qbit.port, username: 'admin', password });

    it('answers bad credentials (login says "Fails.") with an authentication failure', async () => {
      const response = await t.api
        .post('/api/v1/downloadclient')
        .send(body('QBittorrent', fields('wrong')))
        .expect(400);
      expect(response.body.map((f: { propertyName: string }) => f.propertyName)).toEqual(['Username']);
      expect(response.body[0].errorMessage).toBe('Authentication failure');
    });

    it('saves, adds a torrent with the category, lists it with content_path and removes it; re-logs in on 403', async () => {
      const created = await t.api
        .post('/api/v1/downloadclient')
        .send(body('QBittorrent', fields(QBIT_PASSWORD)))
        .expect(200);
      expect(created.text).not.toContain(QBIT_PASSWORD);
      expect(fieldsOf(created.body).password).toBe('********');
      const client = await t.app.get(DownloadClientFactory).client(created.body.id);
      const id = await client.download(release('torrent'));
      expect(id).toBe(torrent.hash);
      expect(qbit.torrents[0]).toMatchObject({ hash: torrent.hash.toLowerCase(), category: 'readarr' });
      qbit.sessions.clear(); // the session expires: the next call gets 403 and logs in again
      const logins = qbit.logins;
      const items = await client.getItems();
      expect(qbit.logins).toBe(logins + 1);
      expect(items).toEqual([
        expect.objectContaining({
          downloadId: torrent.hash,
          category: 'readarr',
          status: 'downloading',
          totalSize: 1024,
          remainingSize: 1024,
          remainingTime: 60,
          outputPath: qbit.torrents[0].content_path,
          canBeRemoved: false,
        }),
      ]);
      qbit.torrents[0].state = 'pausedUP';
      expect((await client.getItems())[0]).toMatchObject({
        status: 'completed',
        canMoveFiles: true,
        canBeRemoved: true,
      });
      await expect(client.download(release('torrent'))).rejects.toThrow(/refused/);
      await client.removeItem(id, true);
      expect(qbit.torrents).toHaveLength(0);
      // A magnet-only release: the hash comes from the link.
      const magnetHash = 'C12FE1C06BBA254A9DC9F519B335AA7C1367A88A';
      const magnetId = await client.download({
        title: 'x',
        downloadUrl: `magnet:?xt=urn:btih:${magnetHash.toLowerCase()}&dn=x`,
        protocol: 'torrent',
      });
      expect(magnetId).toBe(magnetHash);
    });
  });

  describe('SABnzbd', () => {
    const fields = (apiKey: string, musicCategory = 'Readarr') => ({
      host: '127.0.0.1',
      port: sab.port,
      apiKey,
      musicCategory,
    });

    it('reports a wrong key (403 plain text) on ApiKey and an unknown category on MusicCategory', async () => {
      const wrong = await t.api
        .post('/api/v1/downloadclient/test')
        .send(body('Sabnzbd', fields('nope')))
        .expect(400);
      expect(wrong.body[0]).toMatchObject({ propertyName: 'ApiKey', errorMessage: 'API Key Incorrect' });
      const category = await t.api
        .post('/api/v1/downloadclient/test')
        .send(body('Sabnzbd', fields(SAB_KEY, 'Books')))
        .expect(400);
      expect(category.body[0]).toMatchObject({
        propertyName: 'MusicCategory',
        errorMessage: 'Category does not exist',
      });
      expect(category.body[0].detailedDescription).toEqual(expect.any(String));
      expect(JSON.stringify([wrong.body, category.body])).not.toContain(SAB_KEY);
    });

    it('adds an NZB as multipart `name`, follows it through queue and history, deletes it', async () => {
      const created = await t.api
        .post('/api/v1/downloadclient')
        .send(body('Sabnzbd', fields(SAB_KEY)))
        .expect(200);
      expect(created.text).not.toContain(SAB_KEY);
      const client = await t.app.get(DownloadClientFactory).client(created.body.id);
      const id = await client.download(release('usenet'));
      expect(id).toBe('SABnzbd_nzo_1');
      expect(sab.queue[0]).toMatchObject({ category: 'readarr', nzb: nzb });
      expect(await client.getItems()).toEqual([
        expect.objectContaining({
          downloadId: id,
          status: 'downloading',
          remainingTime: 90,
          totalSize: 2 * 1024 * 1024,
        }),
      ]);
      sab.finish(id);
      expect(await client.getItems()).toEqual([
        expect.objectContaining({
          downloadId: id,
          status: 'completed',
          outputPath: '/complete/readarr/Ursula K Le Guin - The Left Hand of Darkness',
          canMoveFiles: true,
        }),
      ]);
      await client.removeItem(id, false);
      expect(sab.history).toHaveLength(0);
    });
  });

  describe('Transmission', () => {
    const fields = (password: string) => ({
      host: '127.0.0.1',
      port: transmission.port,
      username: 'reader',
      password,
      musicCategory: 'readarr',
    });

    it('checks Basic auth (401) before the session id', async () => {
      const response = await t.api
        .post('/api/v1/downloadclient/test')
        .send(body('Transmission', fields('bad')))
        .expect(400);
      expect(response.body[0]).toMatchObject({ propertyName: 'Username', errorMessage: 'Authentication failure' });
    });

    it('does the 409 session-id dance on every call, even when the id changes', async () => {
      const created = await t.api
        .post('/api/v1/downloadclient')
        .send(body('Transmission', fields(TR_PASSWORD)))
        .expect(200);
      expect(created.text).not.toContain(TR_PASSWORD);
      expect(transmission.conflicts).toBeGreaterThanOrEqual(1);
      const client = await t.app.get(DownloadClientFactory).client(created.body.id);
      transmission.rotateSession();
      const conflicts = transmission.conflicts;
      const id = await client.download(release('torrent'));
      expect(transmission.conflicts).toBe(conflicts + 1);
      expect(id).toBe(torrent.hash);
      expect(transmission.torrents[0].downloadDir).toBe('/downloads/readarr');
      let [item] = await client.getItems();
      expect(item).toMatchObject({
        downloadId: torrent.hash,
        status: 'downloading',
        outputPath: `/downloads/readarr/${transmission.torrents[0].name}`,
      });
      Object.assign(transmission.torrents[0], { status: 6, leftUntilDone: 0, percentDone: 1 });
      [item] = await client.getItems();
      expect(item).toMatchObject({ status: 'completed', remainingSize: 0 });
      expect(await client.download(release('torrent'))).toBe(torrent.hash); // duplicate → same hash
      await client.removeItem(id, true);
      expect(transmission.torrents).toHaveLength(0);
    });
  });

  describe('blackholes', () => {
    const root = mkdtempSync(join(tmpdir(), 'quire-blackhole-'));
    const [torrents, nzbs, watch] = ['torrents', 'nzbs', 'watch'].map((name) => join(root, name));
    for (const dir of [torrents, nzbs, watch]) mkdirSync(dir);

    it('fail the test for a missing folder', async () => {
      const response = await t.api
        .post('/api/v1/downloadclient/test')
        .send(body('TorrentBlackhole', { torrentFolder: join(root, 'nope'), watchFolder: watch }))
        .expect(400);
      expect(response.body[0]).toMatchObject({ propertyName: 'TorrentFolder' });
    });

    it('saveMagnetFiles and magnetFileExtension: a magnet is refused unless saved, then written with the chosen extension', async () => {
      const magnet = {
        title: 'Magnet: Chosen Extension',
        downloadUrl: 'magnet:?xt=urn:btih:d12fe1c06bba254a9dc9f519b335aa7c1367a88b',
        protocol: 'torrent' as const,
      };
      const folder = mkdtempSync(join(tmpdir(), 'quire-magnets-'));
      const settings = (saveMagnetFiles: boolean) =>
        body('TorrentBlackhole', {
          torrentFolder: folder,
          watchFolder: watch,
          saveMagnetFiles,
          magnetFileExtension: '.mgt',
        });
      const off = await t.api.post('/api/v1/downloadclient').send(settings(false)).expect(200);
      await expect(
        t.app
          .get(DownloadClientFactory)
          .client(off.body.id)
          .then((c) => c.download(magnet)),
      ).rejects.toThrow(/Magnet links are not supported/);
      expect(readdirSync(folder)).toEqual([]);
      await t.api
        .put(`/api/v1/downloadclient/${off.body.id}`)
        .send({ ...settings(true), id: off.body.id })
        .expect(200);
      await (await t.app.get(DownloadClientFactory).client(off.body.id)).download(magnet);
      expect(readdirSync(folder)).toEqual(['Magnet Chosen Extension.mgt']);
      expect(readFileSync(join(folder, 'Magnet Chosen Extension.mgt'), 'utf8')).toBe(magnet.downloadUrl);
      await t.api.delete(`/api/v1/downloadclient/${off.body.id}`).expect(200);
    });

    it('write .torrent/.magnet/.nzb files and report the watch folder as completed downloads', async () => {
      const tb = await t.api
        .post('/api/v1/downloadclient')
        .send(
          body('TorrentBlackhole', {
            torrentFolder: torrents,
            watchFolder: watch,
            saveMagnetFiles: true,
            readOnly: false,
          }),
        )
        .expect(200);
      const client = await t.app.get(DownloadClientFactory).client(tb.body.id);
      await client.download(release('torrent'));
      expect(
        readFileSync(join(torrents, 'Ursula K Le Guin - The Left Hand of Darkness.torrent')).equals(torrent.data),
      ).toBe(true);
      await client.download({
        title: 'Magnet: Only',
        downloadUrl: 'magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a',
        protocol: 'torrent',
      });
      expect(readdirSync(torrents)).toContain('Magnet Only.magnet');
      const ub = await t.api
        .post('/api/v1/downloadclient')
        .send(body('UsenetBlackhole', { nzbFolder: nzbs, watchFolder: watch }))
        .expect(200);
      const usenet = await t.app.get(DownloadClientFactory).client(ub.body.id);
      const nzbId = await usenet.download(release('usenet'));
      expect(readFileSync(join(nzbs, 'Ursula K Le Guin - The Left Hand of Darkness.nzb'), 'utf8')).toBe(nzb);
      mkdirSync(join(watch, 'Ursula K Le Guin - The Left Hand of Darkness'));
      writeFileSync(join(watch, 'Ursula K Le Guin - The Left Hand of Darkness', 'book.epub'), 'x'.repeat(300));
      // Completed only once it has stopped changing for the grace period (30 s, as in Readarr).
      const scanner = t.app.get(WatchFolderScanner);
      let now = Date.now();
      scanner.now = () => now;
      expect(await usenet.getItems()).toEqual([
        expect.objectContaining({ downloadId: nzbId, status: 'downloading', remainingTime: 30 }),
      ]);
      now += 30_000;
      const items = await usenet.getItems();
      expect(items).toEqual([
        expect.objectContaining({
          downloadId: nzbId,
          status: 'completed',
          totalSize: 300,
          outputPath: join(watch, 'Ursula K Le Guin - The Left Hand of Darkness'),
        }),
      ]);
      const torrentItems = await client.getItems();
      expect(torrentItems[0]).toMatchObject({ canMoveFiles: true });
      await usenet.removeItem(nzbId, true);
      expect(existsSync(join(watch, 'Ursula K Le Guin - The Left Hand of Darkness'))).toBe(false);
    });
  });

  it('bulk-edits enable/priority/remove flags and tags; testall covers every enabled client', async () => {
    const list = (await t.api.get('/api/v1/downloadclient').expect(200)).body;
    expect(list.map((c: { name: string }) => c.name)).toEqual([...list.map((c: { name: string }) => c.name)].sort());
    const ids = list.map((c: { id: number }) => c.id);
    const edited = await t.api
      .put('/api/v1/downloadclient/bulk')
      .send({ ids, priority: 5, removeCompletedDownloads: false, tags: [1, 2], applyTags: 'replace' })
      .expect(200);
    expect(
      edited.body.every(
        (c: { priority: number; removeCompletedDownloads: boolean; tags: number[] }) =>
          c.priority === 5 && !c.removeCompletedDownloads && c.tags.join() === '1,2',
      ),
    ).toBe(true);
    const all = await t.api.post('/api/v1/downloadclient/testall').expect(200);
    expect(all.body).toHaveLength(ids.length);
    expect(all.body.every((r: { isValid: boolean }) => r.isValid)).toBe(true);
    const raw = (await t.api.get('/api/v1/downloadclient').expect(200)).text;
    for (const secret of [QBIT_PASSWORD, SAB_KEY, TR_PASSWORD]) expect(raw).not.toContain(secret);
    expect(logged.join('\n')).not.toMatch(new RegExp([QBIT_PASSWORD, SAB_KEY, TR_PASSWORD].join('|')));
  });

  it('backs off a client whose calls keep failing', async () => {
    const created = await t.api
      .post('/api/v1/downloadclient?forceSave=true')
      .send(body('Sabnzbd', { host: '127.0.0.1', port: 1, apiKey: 'x' }))
      .expect(200);
    const factory = t.app.get(DownloadClientFactory);
    await expect((await factory.client(created.body.id)).getItems()).rejects.toThrow();
    expect(await factory.isBackedOff(created.body.id)).toBe(true);
    expect((await factory.enabledFor('usenet')).map((c) => c.downloadClientId)).not.toContain(created.body.id);
  });

  describe('remote path mappings', () => {
    const local = mkdtempSync(join(tmpdir(), 'quire-rpm-'));

    it('CRUD with normalised trailing slashes and validation', async () => {
      const created = await t.api
        .post('/api/v1/remotepathmapping')
        .send({ host: 'seedbox', remotePath: '/data/complete', localPath: local })
        .expect(200);
      expect(created.body).toMatchObject({ host: 'seedbox', remotePath: '/data/complete/', localPath: `${local}/` });
      const duplicate = await t.api
        .post('/api/v1/remotepathmapping')
        .send({ host: 'SEEDBOX', remotePath: '/data/complete/', localPath: local })
        .expect(400);
      expect(duplicate.body[0]).toMatchObject({
        propertyName: 'RemotePath',
        errorMessage: 'RemotePath already configured.',
      });
      const missing = await t.api
        .post('/api/v1/remotepathmapping')
        .send({ host: 'other', remotePath: 'D:\\Downloads', localPath: join(local, 'does-not-exist') })
        .expect(400);
      expect(missing.body.map((f: { propertyName: string }) => f.propertyName)).toEqual(['LocalPath']);
      const empty = await t.api.post('/api/v1/remotepathmapping').send({}).expect(400);
      expect(empty.body.map((f: { propertyName: string }) => f.propertyName)).toEqual([
        'Host',
        'RemotePath',
        'LocalPath',
      ]);
      const updated = await t.api
        .put('/api/v1/remotepathmapping')
        .send({ id: created.body.id, host: 'seedbox', remotePath: 'D:\\Downloads\\', localPath: local })
        .expect(200);
      expect(updated.body.remotePath).toBe('D:\\Downloads\\');
      expect(await t.app.get(RemotePathMappingService).remoteToLocal('seedbox', 'D:\\Downloads\\Book\\a.epub')).toBe(
        `${local}/Book/a.epub`,
      );
      expect((await t.api.get('/api/v1/remotepathmapping').expect(200)).body).toHaveLength(1);
      await t.api.delete(`/api/v1/remotepathmapping/${created.body.id}`).expect(200, {});
      await t.api.get(`/api/v1/remotepathmapping/${created.body.id}`).expect(404);
    });
  });
});
