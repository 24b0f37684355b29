import { DownloadClientFactory } from '../../../../src/integrations/download-client';
import { FakeHttpServer, send } from '../../../fakes/fake-http';
import { makeTorrent } from '../../../fakes/torrent-files';
import { FakeUTorrent } from '../../../fakes/utorrent.fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

const PASSWORD = 'fake-client-secret';
const torrent = makeTorrent('The Dispossessed.epub');
const magnetHash = 'ABCDEF0123456789ABCDEF0123456789ABCDEF01';

/**
 * The download clients Debian does not ship, against fakes of their documented APIs (including their answers to
 * wrong credentials and lost tokens): test, grab (file and magnet), queue, remove with and without data, and the
 * post-import label. One row per client.
 */
const CLIENTS = [
  {
    implementation: 'UTorrent',
    start: () =>
      new FakeUTorrent('reader', PASSWORD, '/downloads', (data) =>
        data.equals(torrent.data) ? torrent.hash : undefined,
      ).start(),
    fields: (fake: FakeUTorrent, password: string) => ({
      host: '127.0.0.1',
      port: fake.port,
      username: 'reader',
      password,
      musicCategory: 'readarr',
      musicImportedCategory: 'readarr-imported',
    }),
    /** The torrent as the fake holds it: its label and whether it is there. */
    label: (fake: FakeUTorrent, hash: string) => fake.torrents.find((candidate) => candidate.hash === hash)?.label,
    finish: (fake: FakeUTorrent, hash: string) => {
      const held = fake.torrents.find((candidate) => candidate.hash === hash)!;
      Object.assign(held, { status: 128 | 8, remaining: 0, progress: 1000, eta: 0 });
    },
    removedWithData: (fake: FakeUTorrent) => fake.removedWithData,
    loseSession: (fake: FakeUTorrent) => fake.expireTokens(),
    authFailure: { propertyName: 'Username', errorMessage: 'Authentication failure' },
  },
] as const;

describe.each(CLIENTS)('$implementation (fake)', (entry) => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof entry.start>>;
  let files: FakeHttpServer;

  beforeAll(async () => {
    fake = await entry.start();
    files = await new FakeHttpServer((request, response) =>
      request.url.pathname === '/book.torrent'
        ? send(response, 200, torrent.data, 'application/x-bittorrent')
        : send(response, 404, 'missing'),
    ).start();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
    await files.stop();
  });

  const body = (password: string) => ({
    name: `${entry.implementation} ${Math.random().toString(36).slice(2, 6)}`,
    enable: true,
    priority: 1,
    implementation: entry.implementation,
    configContract: `${entry.implementation}Settings`,
    fields: Object.entries(entry.fields(fake, password)).map(([name, value]) => ({ name, value })),
  });
  const saved = async () => {
    const created = await t.api.post('/api/v1/downloadclient').send(body(PASSWORD)).expect(200);
    expect(created.text).not.toContain(PASSWORD);
    return t.app.get(DownloadClientFactory).client(created.body.id as number);
  };
  const release = (magnet = false) => ({
    title: 'Ursula K Le Guin - The Dispossessed',
    downloadUrl: magnet ? `magnet:?xt=urn:btih:${magnetHash}&dn=The%20Dispossessed` : `${files.url}/book.torrent`,
    protocol: 'torrent' as const,
  });

  it('test: the right credentials pass; a wrong password fails with Readarr’s message on its field', async () => {
    await t.api.post('/api/v1/downloadclient/test').send(body(PASSWORD)).expect(200);
    const wrong = await t.api.post('/api/v1/downloadclient/test').send(body('not-the-password')).expect(400);
    expect(wrong.body).toEqual([expect.objectContaining(entry.authFailure)]);
    expect(JSON.stringify(wrong.body)).not.toContain('not-the-password');
  });

  it('grab and queue: a .torrent gets the category label and is listed downloading, then completed and removable', async () => {
    const client = await saved();
    expect(await client.download(release())).toBe(torrent.hash);
    expect(entry.label(fake, torrent.hash)).toBe('readarr');
    expect(await client.getItems()).toEqual([
      expect.objectContaining({
        downloadId: torrent.hash,
        category: 'readarr',
        status: 'downloading',
        totalSize: 1024,
        remainingSize: 1024,
        remainingTime: 60,
        canBeRemoved: false,
      }),
    ]);
    entry.finish(fake, torrent.hash);
    expect(await client.getItems()).toEqual([
      expect.objectContaining({ downloadId: torrent.hash, status: 'completed', remainingSize: 0, canBeRemoved: true }),
    ]);
  });

  it('a magnet is added by URL; a lost login is renewed once and the call goes through', async () => {
    const client = await saved();
    entry.loseSession(fake);
    expect(await client.download(release(true))).toBe(magnetHash);
    expect(entry.label(fake, magnetHash)).toBe('readarr');
  });

  it('post-import label: an imported download gets the post-import label and leaves Quire’s category', async () => {
    const client = await saved();
    expect(client.postImportCategory).toBe('readarr-imported');
    await client.markItemAsImported!(torrent.hash);
    expect(entry.label(fake, torrent.hash)).toBe('readarr-imported');
    expect((await client.getItems()).map((item) => item.downloadId)).not.toContain(torrent.hash);
  });

  it('remove: with data the client deletes the data too; without, only the torrent goes', async () => {
    const client = await saved();
    await client.removeItem(magnetHash, false);
    await client.removeItem(torrent.hash, true);
    expect(entry.label(fake, magnetHash)).toBeUndefined();
    expect(entry.label(fake, torrent.hash)).toBeUndefined();
    expect(entry.removedWithData(fake)).toEqual([torrent.hash]);
  });
});
