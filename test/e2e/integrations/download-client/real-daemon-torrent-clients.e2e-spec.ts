import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createAuthor, createBook } from '../../../factories';
import { FakeNewznab } from '../../../fakes/newznab-fake';
import { makeEpub } from '../../../fixtures/media/generators';
import { until } from '../../../daemons/daemon';
import { seededTorrent, TorrentFileServer } from '../../../daemons/seeded-torrent';
import {
  aria2Client,
  delugeClient,
  qbittorrentClient,
  type RealTorrentClient,
  rtorrentClient,
  transmissionClient,
  vuzeClient,
} from '../../../daemons/torrent-clients';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { ebookProfileId } from '../../../utils/search-fixture';

/**
 * Quire's torrent clients against Debian's real qbittorrent-nox, transmission-daemon and deluged with deluge-web
 * (started by test/daemons on
 * free loopback ports, no DHT, PeX, LSD or port forwarding). A torrent whose data is already in the daemon's download
 * folder is checked by the daemon and reported complete without a single peer, so grab, queue, import and the
 * client-side clean-up run for real. A flow Readarr's client for a daemon does not have (aria2: categories, seed
 * goals, adding stopped) is not run against that daemon; its capabilities say which.
 */
describe.each([
  ['qBittorrent', qbittorrentClient],
  ['Transmission', transmissionClient],
  ['rTorrent', rtorrentClient],
  ['Deluge', delugeClient],
  ['Vuze', vuzeClient],
  ['Aria2', aria2Client],
] as const)('%s (real daemon)', (_label, makeClient) => {
  const client: RealTorrentClient = makeClient();
  let t: TestApp;
  let db: DataSource;
  let clientId: number;
  let root: string;
  const files = new TorrentFileServer();
  let counter = 0;

  beforeAll(async () => {
    await client.start();
    await files.start();
    t = await createTestApp();
    db = t.app.get(DataSource);
    root = mkdtempSync(join(tmpdir(), 'quire-real-daemon-root-'));
    await t.api.put('/api/v1/config/mediamanagement').send({ skipFreeSpaceCheckWhenImporting: true }).expect(200);
    clientId = await addClient(client.label);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await files.stop();
    await client.stop();
  });

  /** Each extra client has a category of its own: two clients reading one category would both track its downloads. */
  async function addClient(
    name: string,
    category?: string,
    flags = {},
    extraFields: { name: string; value: unknown }[] = [],
  ) {
    const response = await t.api.post('/api/v1/downloadclient').send({
      name,
      enable: true,
      priority: 1,
      removeCompletedDownloads: true,
      removeFailedDownloads: true,
      ...flags,
      implementation: client.implementation,
      configContract: client.configContract,
      fields: [...client.fields(client.password, category), ...extraFields],
    });
    expect(response.body).toMatchObject({ name });
    return response.body.id as number;
  }

  /**
   * A client with other handling flags: a new one with a category of its own, or, for a daemon without categories
   * (where a second client would track every download too), the one client with the flags changed until `restore`.
   */
  async function clientWithFlags(name: string, category: string, flags: Record<string, boolean>) {
    if (client.capabilities.categories) {
      const id = await addClient(name, category, flags);
      return { id, category, restore: () => t.api.delete(`/api/v1/downloadclient/${id}`).expect(200) };
    }
    const saved = (await t.api.get(`/api/v1/downloadclient/${clientId}`).expect(200)).body;
    await t.api
      .put(`/api/v1/downloadclient/${clientId}`)
      .send({ ...saved, ...flags })
      .expect(200);
    return {
      id: clientId,
      category: undefined,
      restore: () => t.api.put(`/api/v1/downloadclient/${clientId}`).send(saved).expect(200),
    };
  }

  /**
   * A new author and book, an EPUB of it already in the daemon's category folder (`partial` spoils the second half
   * of the data, so the daemon finds half the pieces), and the real .torrent of that folder served over HTTP.
   */
  async function seededBook(
    options: {
      dir?: string;
      partial?: boolean;
      category?: string;
      releaseDate?: Date;
      folderPrefix?: string;
      /** The release's title after the author's name (the book's own title by default). */
      releaseTitle?: string;
    } = {},
  ) {
    counter++;
    const author = await createAuthor(db, {
      name: `Ada Daemon${'x'.repeat(counter)}`,
      rootFolderPath: root,
      qualityProfileId: await ebookProfileId(db),
    });
    const title = `The Checked Harbour ${counter}`;
    const book = await createBook(db, author, { title, releaseDate: options.releaseDate ?? new Date('2020-01-01') });
    const release = `${author.name} - ${options.releaseTitle ?? title} (epub)`;
    const name = `${options.folderPrefix ?? ''}${release}`;
    const dir = options.dir ?? client.categoryDir(options.category);
    mkdirSync(join(dir, name), { recursive: true });
    await makeEpub(join(dir, name, 'book.epub'), { title, author: author.name, language: 'en' });
    // Padding makes the data several pieces long, so a half-present download is really half done.
    writeFileSync(join(dir, name, 'notes.txt'), randomBytes(96 * 1024));
    const torrent = seededTorrent(dir, name, ['book.epub', 'notes.txt']);
    if (options.partial) {
      const notes = readFileSync(join(dir, name, 'notes.txt'));
      notes.fill(0, notes.length / 2);
      writeFileSync(join(dir, name, 'notes.txt'), notes);
    }
    const url = files.serve(torrent);
    return {
      author,
      book,
      name: release,
      dir: join(dir, name),
      ...torrent,
      url,
    };
  }

  async function push(
    release: { name: string; url?: string; magnet?: string },
    downloadClientId = clientId,
    indexerId?: number,
  ): Promise<void> {
    const pushed = await t.api
      .post('/api/v1/release/push')
      .send({
        title: release.name,
        downloadUrl: release.url,
        magnetUrl: release.magnet,
        protocol: 'torrent',
        publishDate: new Date(Date.now() - 3_600_000).toISOString(),
        indexer: 'Local',
        indexerId,
        size: 100_000,
        downloadClientId,
      })
      .expect(200);
    expect(pushed.body).toMatchObject({ approved: true });
  }

  const complete = (hash: string) => until(() => client.finished(hash), `${hash} to be checked`);
  const tracked = async (hash: string) =>
    (
      await db.query<{ id: number; state: string }[]>(
        `SELECT id, state FROM tracked_download WHERE upper(download_id) = $1`,
        [hash],
      )
    )[0];
  const bookFiles = async (bookId: number) =>
    (await t.api.get(`/api/v1/bookfile?bookId=${bookId}`).expect(200)).body as { path: string }[];
  const queueItem = async (hash: string) =>
    ((await t.api.get('/api/v1/queue?pageSize=100').expect(200)).body.records as Record<string, unknown>[]).find(
      (item) => item.downloadId === hash,
    );
  const inClient = async (hash: string) => (await client.progress(hash)) !== undefined;

  /** Grabs a whole seeded book and lets the daemon check it; the next refresh imports it. */
  async function grabbedAndChecked(options: { downloadClientId?: number; category?: string } = {}) {
    const seeded = await seededBook({ category: options.category });
    await push(seeded, options.downloadClientId);
    await complete(seeded.hash);
    return seeded;
  }

  it('test: the right credentials pass; a wrong password fails on its field with Readarr’s message', async () => {
    const body = (password: string) => ({
      name: 'Probe',
      enable: true,
      implementation: client.implementation,
      configContract: client.configContract,
      fields: client.fields(password),
    });
    await t.api.post('/api/v1/downloadclient/test').send(body(client.password)).expect(200);
    const wrong = await t.api.post('/api/v1/downloadclient/test').send(body('not-the-password')).expect(400);
    const { detailedDescription, ...failure } = client.authFailure;
    expect(wrong.body).toEqual([expect.objectContaining(failure)]);
    if (detailedDescription) expect(wrong.body[0].detailedDescription).toMatch(detailedDescription);
    expect(JSON.stringify(wrong.body)).not.toContain('not-the-password');
  });

  it('grabs a .torrent file, the queue shows it; once checked it is imported and keeps seeding', async () => {
    const seeded = await seededBook();
    await push(seeded);
    const item = await queueItem(seeded.hash);
    expect(item).toMatchObject({ protocol: 'torrent', downloadClient: client.label, bookId: seeded.book.id });
    await complete(seeded.hash);

    await runCommand(t, 'RefreshMonitoredDownloads');
    const imported = await bookFiles(seeded.book.id);
    expect(imported).toHaveLength(1);
    expect(existsSync(imported[0].path)).toBe(true);
    expect((await tracked(seeded.hash)).state).toBe('imported');
    // Still seeding: the seed goal is not reached, so removeCompletedDownloads leaves it (and its data) alone.
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await inClient(seeded.hash)).toBe(true);
    expect(existsSync(seeded.dir)).toBe(true);
  });

  it('queue status and progress: a half-present download is listed downloading with half its size left', async () => {
    const seeded = await seededBook({ partial: true });
    await push(seeded);
    // The check goes piece by piece: wait until it has found the valid half.
    await until(async () => {
      const value = await client.progress(seeded.hash);
      return value !== undefined && value > 0.4 && value < 1;
    }, 'the check of the half-present data');
    await runCommand(t, 'RefreshMonitoredDownloads');
    const item = await queueItem(seeded.hash);
    expect(item).toBeDefined();
    const size = item!.size as number;
    const left = item!.sizeleft as number;
    expect(size).toBeGreaterThan(96 * 1024);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(size);
    expect(item!.trackedDownloadState).toBe('downloading');
    expect(await bookFiles(seeded.book.id)).toEqual([]);
  });

  it('grabs a magnet link: the daemon has it, waiting for metadata no peer can give', async () => {
    const seeded = await seededBook({ dir: mkdtempSync(join(tmpdir(), 'quire-magnet-')) });
    await push({ name: seeded.name, magnet: seeded.magnet });
    await until(() => inClient(seeded.hash), 'the magnet in the daemon');
    await runCommand(t, 'RefreshMonitoredDownloads');
    const item = await queueItem(seeded.hash);
    if (!client.capabilities.magnetsBeforeMetadata) {
      // As Readarr, aria2's download of a magnet's metadata is not listed: the book waits for the torrent itself.
      expect(item).toBeUndefined();
      expect(await bookFiles(seeded.book.id)).toEqual([]);
      return;
    }
    expect(item).toMatchObject({ bookId: seeded.book.id, trackedDownloadState: 'downloading' });
    if (client.implementation === 'QBittorrent')
      expect(item).toMatchObject({
        trackedDownloadStatus: 'warning',
        statusMessages: [
          expect.objectContaining({ messages: ['qBittorrent cannot resolve magnet link with DHT disabled'] }),
        ],
      });
    expect(await bookFiles(seeded.book.id)).toEqual([]);
  });

  it('removeCompletedDownloads: an imported torrent leaves the client with its data only once its seed goal is reached', async () => {
    const seeded = await grabbedAndChecked();
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect((await tracked(seeded.hash)).state).toBe('imported');

    // Paused by hand before its goal: the client does not say it may go, so it stays.
    await client.pause(seeded.hash);
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await inClient(seeded.hash)).toBe(true);

    await client.reachSeedGoal(seeded.hash);
    await runCommand(t, 'RefreshMonitoredDownloads');
    await until(async () => !(await inClient(seeded.hash)), 'the torrent to be removed');
    await until(async () => !existsSync(seeded.dir), 'its data to be deleted');
    const imported = await bookFiles(seeded.book.id);
    expect(imported).toHaveLength(1);
    expect(existsSync(imported[0].path)).toBe(true);
  });

  it('removeCompletedDownloads off: an imported torrent that reached its goal stays in the client', async () => {
    const keeping = await clientWithFlags(`${client.label} keeps`, 'readarr-keep', { removeCompletedDownloads: false });
    try {
      const seeded = await grabbedAndChecked({ downloadClientId: keeping.id, category: keeping.category });
      await client.reachSeedGoal(seeded.hash);
      await runCommand(t, 'RefreshMonitoredDownloads');
      await runCommand(t, 'RefreshMonitoredDownloads');
      expect((await tracked(seeded.hash)).state).toBe('imported');
      expect(await inClient(seeded.hash)).toBe(true);
      expect(existsSync(seeded.dir)).toBe(true);
    } finally {
      await keeping.restore();
    }
  });

  it('removeFailedDownloads: a failed torrent leaves the client with its data only when the client says it may', async () => {
    const seeding = await grabbedAndChecked();
    const stopped = await grabbedAndChecked();
    await client.reachSeedGoal(stopped.hash);
    for (const seeded of [seeding, stopped]) {
      const { id } = await tracked(seeded.hash);
      await t.api.delete(`/api/v1/queue/${id}?removeFromClient=false&blocklist=true&skipRedownload=true`).expect(200);
    }
    // Still seeding: its goal is not reached, it stays. The stopped one at its goal goes, with its data.
    expect(await inClient(seeding.hash)).toBe(true);
    await until(async () => !(await inClient(stopped.hash)), 'the failed torrent to be removed');
    await until(async () => !existsSync(stopped.dir), 'its data to be deleted');
    expect(existsSync(seeding.dir)).toBe(true);
    const blocklist = (await t.api.get('/api/v1/blocklist?pageSize=50').expect(200)).body.records as {
      sourceTitle: string;
    }[];
    expect(blocklist.map((entry) => entry.sourceTitle)).toEqual(expect.arrayContaining([seeding.name, stopped.name]));
  });

  it('removeFailedDownloads off: a failed torrent at its seed goal stays in the client', async () => {
    const keeping = await clientWithFlags(`${client.label} keeps failed`, 'readarr-failed', {
      removeFailedDownloads: false,
    });
    try {
      const seeded = await grabbedAndChecked({ downloadClientId: keeping.id, category: keeping.category });
      await client.reachSeedGoal(seeded.hash);
      const { id } = await tracked(seeded.hash);
      await t.api.delete(`/api/v1/queue/${id}?removeFromClient=false&blocklist=true&skipRedownload=true`).expect(200);
      expect(await inClient(seeded.hash)).toBe(true);
      expect(existsSync(seeded.dir)).toBe(true);
    } finally {
      await keeping.restore();
    }
  });

  // rTorrent keeps no download queue (its priority is bandwidth, shown in its own spec); Readarr's Aria2 has no
  // priorities.
  const itQueues = ['RTorrent', 'Aria2'].includes(client.implementation) ? it.skip : it;
  itQueues(
    'recentTvPriority/olderTvPriority: a book out within 14 days gets the recent priority, an older one the older',
    async () => {
      // Older books go first, recent ones last: the opposite of what adding in order gives.
      const prioId = await addClient(`${client.label} prio`, 'readarr-prio', {});
      await t.api
        .put(`/api/v1/downloadclient/${prioId}`)
        .send({
          ...(await t.api.get(`/api/v1/downloadclient/${prioId}`).expect(200)).body,
          fields: [
            ...client.fields(client.password, 'readarr-prio'),
            { name: 'recentTvPriority', value: 0 },
            { name: 'olderTvPriority', value: 1 },
          ],
        })
        .expect(200);
      await client.useQueue();
      // Magnets: a torrent qBittorrent is still checking ignores moves in its queue, one waiting for metadata does not.
      const elsewhere = mkdtempSync(join(tmpdir(), 'quire-prio-'));
      const first = await seededBook({ dir: elsewhere });
      const recent = await seededBook({ dir: elsewhere, releaseDate: new Date() });
      const older = await seededBook({ dir: elsewhere });
      for (const seeded of [first, recent, older]) {
        await push({ name: seeded.name, magnet: seeded.magnet }, prioId);
        await until(() => inClient(seeded.hash), 'the torrent in the daemon');
      }
      const order = await until(async () => {
        const hashes = await client.queueOrder([first.hash, recent.hash, older.hash]);
        return hashes.length === 3 && hashes;
      }, 'the queue order');
      expect(order).toEqual([older.hash, first.hash, recent.hash]);
      await t.api.delete(`/api/v1/downloadclient/${prioId}`).expect(200);
    },
  );

  it('downloadClientWorkingFolders: a book under a folder the client is still working in is not imported until the name no longer matches', async () => {
    const seeded = await seededBook({ folderPrefix: '_UNPACK_' });
    await push(seeded);
    await complete(seeded.hash);
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await bookFiles(seeded.book.id)).toEqual([]);
    expect((await tracked(seeded.hash)).state).not.toBe('imported');

    await t.api.put('/api/v1/config/downloadclient').send({ downloadClientWorkingFolders: '_FAILED_' }).expect(200);
    try {
      await runCommand(t, 'RefreshMonitoredDownloads');
      expect(await bookFiles(seeded.book.id)).toHaveLength(1);
      expect((await tracked(seeded.hash)).state).toBe('imported');
    } finally {
      await t.api
        .put('/api/v1/config/downloadclient')
        .send({ downloadClientWorkingFolders: '_UNPACK_|_FAILED_' })
        .expect(200);
    }
  });

  /** A Torznab indexer (its feed is never read: releases are pushed) with the given seed criteria. */
  async function seedingIndexer(criteria: Record<string, number>, run: (indexerId: number) => Promise<void>) {
    const torznab = await new FakeNewznab({ apiKey: 'seed-key', torznab: true, releases: [] }).start();
    try {
      const indexer = await t.api.post('/api/v1/indexer?forceSave=true').send({
        name: 'Seeding Torznab',
        enableRss: false,
        enableAutomaticSearch: false,
        enableInteractiveSearch: true,
        implementation: 'Torznab',
        configContract: 'TorznabSettings',
        fields: [
          { name: 'baseUrl', value: torznab.url },
          { name: 'apiKey', value: 'seed-key' },
          { name: 'categories', value: '7020' },
          ...Object.entries(criteria).map(([name, value]) => ({ name: `seedCriteria.${name}`, value })),
        ],
      });
      expect(indexer.body).toMatchObject({ name: 'Seeding Torznab' });
      await run(indexer.body.id as number);
      await t.api.delete(`/api/v1/indexer/${indexer.body.id}`).expect(200);
    } finally {
      await torznab.stop();
    }
  }

  // Readarr's Aria2 sets no seed goal on a grab: aria2 seeds by its own global options.
  const itSeeds = client.capabilities.seedGoals ? it : it.skip;
  itSeeds('seedCriteria: the Torznab indexer’s seed ratio and seed time are set on the torrent at grab', async () => {
    await seedingIndexer({ seedRatio: 1.5, seedTime: 90, discographySeedTime: 900 }, async (indexerId) => {
      const seeded = await seededBook({ partial: true });
      await push(seeded, clientId, indexerId);
      await until(() => inClient(seeded.hash), 'the torrent in the daemon');
      // Deluge 2 keeps no seed time per torrent: Readarr sets only its ratio there.
      expect(await client.seedGoal(seeded.hash)).toStrictEqual(
        client.seedsByTime ? { ratio: 1.5, minutes: 90 } : { ratio: 1.5 },
      );
    });
  });

  itSeeds(
    'seedCriteria.discographySeedTime: a discography release (an author’s collected works) seeds for the discography time instead',
    async () => {
      await seedingIndexer({ seedRatio: 2, seedTime: 90, discographySeedTime: 900 }, async (indexerId) => {
        const seeded = await seededBook({ partial: true, releaseTitle: 'Collected Works' });
        await push(seeded, clientId, indexerId);
        await until(() => inClient(seeded.hash), 'the torrent in the daemon');
        expect(await client.seedGoal(seeded.hash)).toStrictEqual(
          client.seedsByTime ? { ratio: 2, minutes: 900 } : { ratio: 2 },
        );
      });
    },
  );

  // Readarr's Aria2 has no setting to add a download paused.
  const itAddsStopped = client.addStopped ? it : it.skip;
  itAddsStopped(
    'adding stopped: a client set to add torrents paused leaves a grab stopped in the daemon; by default it runs',
    async () => {
      const stoppedId = await addClient(`${client.label} adds stopped`, 'stopped-adds', {}, [client.addStopped!]);
      const held = await seededBook({ category: 'stopped-adds' });
      await push(held, stoppedId);
      await until(() => client.stopped(held.hash), 'the torrent to be held stopped');

      const running = await seededBook();
      await push(running);
      await complete(running.hash);
      expect(await client.stopped(running.hash)).toBe(false);
      await t.api.delete(`/api/v1/downloadclient/${stoppedId}`).expect(200);
    },
  );

  // Transmission's (and Vuze's) Directory; the other clients' own directory settings are shown in their specs.
  const itHasTvDirectory = ['Transmission', 'Vuze'].includes(client.implementation) ? it : it.skip;
  itHasTvDirectory(
    'tvDirectory: a grab is saved in the client’s Directory instead of the category folder',
    async () => {
      const directory = mkdtempSync(join(tmpdir(), 'quire-tv-directory-'));
      const directoryId = await addClient(`${client.label} directory`, 'readarr-directory', {}, [
        { name: 'tvDirectory', value: directory },
      ]);
      try {
        // The data sits only in the Directory: the daemon finds it complete only when it saves the torrent there.
        const seeded = await seededBook({ dir: directory });
        await push(seeded, directoryId);
        await complete(seeded.hash);
        expect(await client.progress(seeded.hash)).toBe(1);
      } finally {
        await t.api.delete(`/api/v1/downloadclient/${directoryId}`).expect(200);
      }
    },
  );

  it('removing from the queue: with removeFromClient the torrent and its data go; without, both stay and it leaves the queue', async () => {
    const removed = await seededBook({ partial: true });
    const kept = await seededBook({ partial: true });
    await push(removed);
    await push(kept);
    await until(() => inClient(removed.hash), 'the first torrent');
    await until(() => inClient(kept.hash), 'the second torrent');

    await t.api.delete(`/api/v1/queue/${(await tracked(removed.hash)).id}?removeFromClient=true`).expect(200);
    await until(async () => !(await inClient(removed.hash)), 'the torrent to be removed');
    await until(async () => !existsSync(removed.dir), 'its data to be deleted');

    await t.api.delete(`/api/v1/queue/${(await tracked(kept.hash)).id}?removeFromClient=false`).expect(200);
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await inClient(kept.hash)).toBe(true);
    expect(existsSync(kept.dir)).toBe(true);
    expect(await queueItem(kept.hash)).toBeUndefined();
  });
});

/** What only qBittorrent has: the post-import category, and a download that comes back after its import. */
describe('qBittorrent post-import category (real daemon)', () => {
  const client = qbittorrentClient();
  let t: TestApp;
  let db: DataSource;
  const files = new TorrentFileServer();

  beforeAll(async () => {
    await client.start();
    await files.start();
    t = await createTestApp();
    db = t.app.get(DataSource);
    await t.api.put('/api/v1/config/mediamanagement').send({ skipFreeSpaceCheckWhenImporting: true }).expect(200);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await files.stop();
    await client.stop();
  });

  it('musicImportedCategory: after the automatic import the torrent is in that category; when it comes back it is known as imported', async () => {
    const response = await t.api
      .post('/api/v1/downloadclient')
      .send({
        name: 'qBittorrent',
        enable: true,
        priority: 1,
        removeCompletedDownloads: true,
        implementation: 'QBittorrent',
        configContract: 'QBittorrentSettings',
        fields: [...client.fields(client.password), { name: 'musicImportedCategory', value: 'readarr-imported' }],
      })
      .expect(200);
    const clientId = response.body.id as number;
    const root = mkdtempSync(join(tmpdir(), 'quire-real-daemon-root-'));
    const author = await createAuthor(db, {
      name: 'Pia Category',
      rootFolderPath: root,
      qualityProfileId: await ebookProfileId(db),
    });
    const book = await createBook(db, author, { title: 'The Moved Shelf', releaseDate: new Date('2020-01-01') });
    const name = 'Pia Category - The Moved Shelf (epub)';
    mkdirSync(join(client.categoryDir(), name), { recursive: true });
    await makeEpub(join(client.categoryDir(), name, 'book.epub'), {
      title: 'The Moved Shelf',
      author: author.name,
      language: 'en',
    });
    const torrent = seededTorrent(client.categoryDir(), name, ['book.epub']);
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
    await until(async () => (await client.daemon.torrent(torrent.hash))?.progress === 1, 'the check');

    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await t.api.get(`/api/v1/bookfile?bookId=${book.id}`).expect(200)).toMatchObject({
      body: [expect.anything()],
    });
    expect((await client.daemon.torrent(torrent.hash))?.category).toBe('readarr-imported');

    // Out of Quire's category the download is no longer listed, and no longer tracked.
    await runCommand(t, 'RefreshMonitoredDownloads');
    expect(await db.query(`SELECT id FROM tracked_download WHERE upper(download_id) = $1`, [torrent.hash])).toEqual([]);
    // A user moves it back: its history says it was imported, so it is not imported a second time.
    await client.daemon.api('torrents/setCategory', { hashes: torrent.hash.toLowerCase(), category: 'readarr' });
    await runCommand(t, 'RefreshMonitoredDownloads');
    await runCommand(t, 'RefreshMonitoredDownloads');
    const rows = await db.query<{ state: string }[]>(
      `SELECT state FROM tracked_download WHERE upper(download_id) = $1`,
      [torrent.hash],
    );
    expect(rows).toEqual([{ state: 'imported' }]);
    const imports = await db.query<{ id: number }[]>(
      `SELECT id FROM history WHERE upper(download_id) = $1 AND event_type = 8`,
      [torrent.hash],
    );
    expect(imports).toHaveLength(1);
    expect((await t.api.get(`/api/v1/bookfile?bookId=${book.id}`).expect(200)).body).toHaveLength(1);
  });
});

/** What only aria2 has: its XML-RPC path. */
describe('Aria2 connection settings (real daemon)', () => {
  const client = aria2Client();
  let t: TestApp;

  beforeAll(async () => {
    await client.start();
    t = await createTestApp();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await client.stop();
  });

  it('rpcPath: Quire calls aria2’s XML-RPC at that path; another path fails the test on Host', async () => {
    const body = (rpcPath: string) => ({
      name: 'Aria2 path',
      enable: true,
      implementation: 'Aria2',
      configContract: 'Aria2Settings',
      fields: [
        ...client.fields(client.password).filter((field) => field.name !== 'rpcPath'),
        { name: 'rpcPath', value: rpcPath },
      ],
    });
    await t.api.post('/api/v1/downloadclient/test').send(body('/rpc')).expect(200);
    // aria2's JSON-RPC path answers, but not in XML-RPC.
    const wrong = await t.api.post('/api/v1/downloadclient/test').send(body('/jsonrpc')).expect(400);
    expect(wrong.body).toEqual([
      expect.objectContaining({ propertyName: 'Host', errorMessage: 'Unable to connect to Aria2' }),
    ]);
    expect(JSON.stringify(wrong.body)).not.toContain(client.password);
  });
});
