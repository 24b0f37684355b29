import { DownloadClientFactory } from '../../../../src/integrations/download-client';
import { FakeHttpServer, send } from '../../../fakes/fake-http';
import { makeTorrent } from '../../../fakes/torrent-files';
import { FakeHadouken } from '../../../fakes/hadouken.fake';
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
interface FakeClientEntry<F extends FakeHttpServer> {
  implementation: string;
  start(): Promise<F>;
  fields(fake: F, password: string): Record<string, unknown>;
  /** The torrent's label (category) as the fake holds it; undefined when the fake no longer has it. */
  label(fake: F, hash: string): string | undefined;
  /** The client finishes the download and stops seeding it. */
  finish(fake: F, hash: string): void;
  removedWithData(fake: F): string[];
  /** Forgets the client's login where it has one. */
  loseSession(fake: F): void;
  authFailure: { propertyName: string; errorMessage: string };
  /** Size, left and time left of a fresh download as the client reports them. */
  downloading: { totalSize: number; remainingSize: number; remainingTime: number };
  /** Readarr's client has a post-import category. */
  postImport: boolean;
}
const entry = <F extends FakeHttpServer>(row: FakeClientEntry<F>) => row as unknown as FakeClientEntry<FakeHttpServer>;
const hashOf = (data: Buffer) => (data.equals(torrent.data) ? torrent.hash : undefined);

const CLIENTS = [
  entry<FakeUTorrent>({
    implementation: 'UTorrent',
    start: () => new FakeUTorrent('reader', PASSWORD, '/downloads', hashOf).start(),
    fields: (fake, password) => ({
      host: '127.0.0.1',
      port: fake.port,
      username: 'reader',
      password,
      musicCategory: 'readarr',
      musicImportedCategory: 'readarr-imported',
    }),
    label: (fake, hash) => fake.torrents.find((candidate) => candidate.hash === hash)?.label,
    finish: (fake, hash) => {
      const held = fake.torrents.find((candidate) => candidate.hash === hash)!;
      Object.assign(held, { status: 128 | 8, remaining: 0, progress: 1000, eta: 0 });
    },
    removedWithData: (fake) => fake.removedWithData,
    loseSession: (fake) => fake.expireTokens(),
    authFailure: { propertyName: 'Username', errorMessage: 'Authentication failure' },
    downloading: { totalSize: 1024, remainingSize: 1024, remainingTime: 60 },
    postImport: true,
  }),
  entry<FakeHadouken>({
    implementation: 'Hadouken',
    start: () => new FakeHadouken('reader', PASSWORD, '/downloads', hashOf).start(),
    fields: (fake, password) => ({
      host: '127.0.0.1',
      port: fake.port,
      username: 'reader',
      password,
      category: 'readarr',
    }),
    label: (fake, hash) => fake.torrents.find((candidate) => candidate.hash === hash)?.label,
    finish: (fake, hash) => {
      const held = fake.torrents.find((candidate) => candidate.hash === hash)!;
      Object.assign(held, { state: 32, progress: 1000, downloaded: held.size, rate: 0 });
    },
    removedWithData: (fake) => fake.removedWithData,
    // Basic auth on every call: there is no login to lose.
    loseSession: () => undefined,
    // Readarr reads Hadouken's 401 as any HTTP error: "Unable to connect" on Host.
    authFailure: { propertyName: 'Host', errorMessage: 'Unable to connect to Hadouken' },
    // Readarr's estimate for Hadouken: the whole size at the current rate (1024 B at 16 B/s).
    downloading: { totalSize: 1024, remainingSize: 1024, remainingTime: 64 },
    postImport: false,
  }),
];

describe.each(CLIENTS)('$implementation (fake)', (client) => {
  let t: TestApp;
  let fake: FakeHttpServer;
  let files: FakeHttpServer;

  beforeAll(async () => {
    fake = await client.start();
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
    name: `${client.implementation} ${Math.random().toString(36).slice(2, 6)}`,
    enable: true,
    priority: 1,
    implementation: client.implementation,
    configContract: `${client.implementation}Settings`,
    fields: Object.entries(client.fields(fake, password)).map(([name, value]) => ({ name, value })),
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
    expect(wrong.body).toEqual([expect.objectContaining(client.authFailure)]);
    expect(JSON.stringify(wrong.body)).not.toContain('not-the-password');
  });

  it('grab and queue: a .torrent gets the category label and is listed downloading, then completed and removable', async () => {
    const downloads = await saved();
    expect(await downloads.download(release())).toBe(torrent.hash);
    expect(client.label(fake, torrent.hash)).toBe('readarr');
    expect(await downloads.getItems()).toEqual([
      expect.objectContaining({
        downloadId: torrent.hash,
        category: 'readarr',
        status: 'downloading',
        ...client.downloading,
        canBeRemoved: false,
      }),
    ]);
    client.finish(fake, torrent.hash);
    expect(await downloads.getItems()).toEqual([
      expect.objectContaining({ downloadId: torrent.hash, status: 'completed', remainingSize: 0, canBeRemoved: true }),
    ]);
  });

  it('a magnet is added by URL, after a lost login (where the client has one) renewed once', async () => {
    const downloads = await saved();
    client.loseSession(fake);
    expect(await downloads.download(release(true))).toBe(magnetHash);
    expect(client.label(fake, magnetHash)).toBe('readarr');
  });

  it('post-import label: an imported download gets the post-import label and leaves Quire’s category; a client without one has none', async () => {
    if (!client.postImport) {
      const plain = await saved();
      expect(plain.postImportCategory).toBeUndefined();
      expect(plain.markItemAsImported).toBeUndefined();
      return;
    }
    const downloads = await saved();
    expect(downloads.postImportCategory).toBe('readarr-imported');
    await downloads.markItemAsImported!(torrent.hash);
    expect(client.label(fake, torrent.hash)).toBe('readarr-imported');
    expect((await downloads.getItems()).map((item) => item.downloadId)).not.toContain(torrent.hash);
  });

  it('remove: with data the client deletes the data too; without, only the torrent goes', async () => {
    const downloads = await saved();
    await downloads.removeItem(magnetHash, false);
    await downloads.removeItem(torrent.hash, true);
    expect(client.label(fake, magnetHash)).toBeUndefined();
    expect(client.label(fake, torrent.hash)).toBeUndefined();
    expect(client.removedWithData(fake)).toEqual([torrent.hash]);
  });
});

/** uTorrent's own options, as its fake records the actions Quire sends after adding a torrent. */
describe('UTorrent options (fake)', () => {
  let t: TestApp;
  let fake: FakeUTorrent;
  let files: FakeHttpServer;

  beforeAll(async () => {
    fake = await new FakeUTorrent('reader', PASSWORD, '/downloads', hashOf).start();
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

  const clientWith = async (options: Record<string, unknown>) => {
    const fields = { host: '127.0.0.1', port: fake.port, username: 'reader', password: PASSWORD, ...options };
    const created = await t.api
      .post('/api/v1/downloadclient')
      .send({
        name: `uTorrent ${Math.random().toString(36).slice(2, 6)}`,
        enable: true,
        priority: 1,
        implementation: 'UTorrent',
        configContract: 'UTorrentSettings',
        fields: Object.entries(fields).map(([name, value]) => ({ name, value })),
      })
      .expect(200);
    return t.app.get(DownloadClientFactory).client(created.body.id as number);
  };
  /** The actions uTorrent got for one grab of the torrent (added afresh). */
  const grab = async (options: Record<string, unknown>, recentBook: boolean) => {
    fake.torrents.splice(0);
    fake.actions.splice(0);
    const client = await clientWith(options);
    await client.download({
      title: 'Ursula K Le Guin - The Dispossessed',
      downloadUrl: `${files.url}/book.torrent`,
      protocol: 'torrent',
      recentBook,
    });
    return fake.actions.map((received) => received.action);
  };

  it('recentTvPriority / olderTvPriority: First moves a recent book (or an older one) to the top of the queue; Last leaves it', async () => {
    const firstForRecent = { recentTvPriority: 1, olderTvPriority: 0 };
    expect(await grab(firstForRecent, true)).toEqual(['queuetop', 'start']);
    expect(await grab(firstForRecent, false)).toEqual(['start']);
    const firstForOlder = { recentTvPriority: 0, olderTvPriority: 1 };
    expect(await grab(firstForOlder, false)).toEqual(['queuetop', 'start']);
    expect(await grab(firstForOlder, true)).toEqual(['start']);
  });

  it('intialState: the torrent is started, force-started, paused or stopped after adding, as chosen', async () => {
    expect(await grab({ intialState: 0 }, false)).toEqual(['start']);
    expect(await grab({ intialState: 1 }, false)).toEqual(['forcestart']);
    expect(await grab({ intialState: 2 }, false)).toEqual(['pause']);
    expect(await grab({ intialState: 3 }, false)).toEqual(['stop']);
  });
});
