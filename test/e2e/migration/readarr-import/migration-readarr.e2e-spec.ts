import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { FakeOpenLibrary } from '../../../fakes/open-library.fake';
import { FakeSabnzbd } from '../../../fakes/sabnzbd-fake';
import {
  audiobookInstance,
  bookshelfInstance,
  ebookInstance,
  INDEXER_KEY,
  SAB_KEY,
  TORZNAB_KEY,
  TELEGRAM_TOKEN,
  WEBHOOK_PASSWORD,
} from '../../../fixtures/readarr/library-fixtures';
import { waitForCommand } from '../../../utils/commands';
import { createTestApp, type TestApp } from '../../../utils/create-test-app';

const SEARCH_FAMILY = [
  'BookSearch',
  'AuthorSearch',
  'MissingBookSearch',
  'CutoffUnmetBookSearch',
  'RssSync',
  'DownloadedBooksScan',
];

describe('migration from Readarr (two instances into one library)', () => {
  let t: TestApp;
  let openLibrary: FakeOpenLibrary;
  let sab: FakeSabnzbd;
  let base: string;
  let ebook: { dbPath: string; root: string };
  let audio: { dbPath: string; root: string };

  beforeAll(async () => {
    openLibrary = await FakeOpenLibrary.start();
    sab = await new FakeSabnzbd(SAB_KEY).start();
    base = mkdtempSync(join(tmpdir(), 'quire-readarr-'));
    const sabAddress = { host: '127.0.0.1', port: Number(new URL(sab.url).port) };
    ebook = await ebookInstance(base, sabAddress);
    audio = await audiobookInstance(base, sabAddress);
    t = await createTestApp({ METADATA_SOURCE_URL: openLibrary.url, COVER_SOURCE_URL: openLibrary.coversUrl });
    expect((await t.api.put('/api/v1/config/metadataprovider').send({ requestsPerMinute: 600 })).status).toBeLessThan(
      300,
    );
  });

  beforeEach(() => {
    openLibrary.reset();
    // Open Library's search documents carry the Goodreads ids and ASINs of a work's editions.
    openLibrary.patch('/search.json', (search) => {
      const hobbit = search.docs.find((doc: { key: string }) => doc.key === '/works/OL262758W');
      hobbit.id_goodreads = ['5907', '1234567'];
      hobbit.id_amazon = ['B0099SNJQA'];
    });
  });

  afterAll(async () => {
    await t.close();
    await openLibrary.close();
    await sab.stop();
    rmSync(base, { recursive: true, force: true });
  });

  async function migrate(path: string, dryRun: boolean) {
    const posted = await t.api.post(`/api/v1/migration/readarr?dryRun=${dryRun}`).attach('file', path).expect(200);
    expect(posted.body).toMatchObject({ name: 'MigrateFromReadarr', status: expect.any(String) });
    const command = await waitForCommand(t, posted.body.id, 60_000);
    expect({ status: command.status, exception: command.exception }).toEqual({
      status: 'completed',
      exception: undefined,
    });
    const report = await t.api.get(`/api/v1/migration/${command.id}`).expect(200);
    return report.body;
  }

  const library = async () => ({
    authors: (await t.api.get('/api/v1/author').expect(200)).body,
    books: (await t.api.get('/api/v1/book').expect(200)).body,
    rootFolders: (await t.api.get('/api/v1/rootfolder').expect(200)).body.map(
      ({ freeSpace: _free, totalSpace: _total, ...folder }: Record<string, unknown>) => folder,
    ),
    qualityProfiles: (await t.api.get('/api/v1/qualityprofile').expect(200)).body,
    downloadClients: (await t.api.get('/api/v1/downloadclient').expect(200)).body,
    indexers: (await t.api.get('/api/v1/indexer').expect(200)).body,
    notifications: (await t.api.get('/api/v1/notification').expect(200)).body,
    tags: (await t.api.get('/api/v1/tag').expect(200)).body,
    history: (await t.api.get('/api/v1/history?page=1&pageSize=100').expect(200)).body.totalRecords,
    blocklist: (await t.api.get('/api/v1/blocklist?page=1&pageSize=100').expect(200)).body.totalRecords,
    exclusions: (await t.api.get('/api/v1/importlistexclusion').expect(200)).body,
  });

  it('a dry run reports what would come across and writes nothing', async () => {
    const before = await library();
    const report = await migrate(ebook.dbPath, true);
    expect(report).toMatchObject({
      dryRun: true,
      source: { appName: 'Readarr', databaseFile: 'ebook-readarr.db', metadataIds: 'goodreads' },
    });
    expect(report.counts.authors).toMatchObject({ found: 2, imported: 2, unmatched: 1 });
    expect(report.counts.books).toMatchObject({ found: 3, imported: 3, unmatched: 1 });
    expect(report.counts.bookFiles).toMatchObject({ found: 3, imported: 2, skipped: 1 });
    expect(report.unmatched).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'book', title: 'A Pamphlet Nobody Printed', foreignId: '777777' }),
        expect.objectContaining({ kind: 'bookFile', reason: 'File not found on disk' }),
        expect.objectContaining({ kind: 'rootFolder', title: 'Gone' }),
        expect.objectContaining({ kind: 'notifications', title: 'Old Pushbullet' }),
      ]),
    );
    expect(report.lookups.requests).toBeGreaterThan(0);
    expect(await library()).toEqual(before);
  });

  it('applies the ebook instance with the same counts as its dry run, then merges the audiobook instance', async () => {
    const dry = await migrate(ebook.dbPath, true);
    const applied = await migrate(ebook.dbPath, false);
    expect(applied.dryRun).toBe(false);
    expect(applied.counts).toEqual(dry.counts);
    expect(applied.unmatched).toEqual(dry.unmatched);

    const audioDry = await migrate(audio.dbPath, true);
    const audioApplied = await migrate(audio.dbPath, false);
    expect(audioApplied.counts).toEqual(audioDry.counts);
    expect(audioApplied.counts.authors).toMatchObject({ found: 1, merged: 1, imported: 0 });
    expect(audioApplied.counts.books).toMatchObject({ found: 2, merged: 2, imported: 0, unmatched: 0 });
    expect(audioApplied.counts.bookFiles).toMatchObject({ found: 3, imported: 3 });
    expect(audioApplied.counts.downloadClients).toMatchObject({ found: 1, merged: 1 });
    expect(audioApplied.counts.qualityProfiles).toMatchObject({ imported: 1 });
    expect(audioApplied.conflicts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'authors', field: 'monitored', resolution: 'monitored wins' }),
        expect.objectContaining({ kind: 'books', title: 'The Hobbit', field: 'monitored' }),
        expect.objectContaining({ kind: 'qualityProfiles', title: 'Audio HQ' }),
      ]),
    );

    const state = await library();
    expect(state.authors.map((a: { authorName: string }) => a.authorName).sort()).toEqual([
      'J.R.R. Tolkien',
      'Quentin Nobodyknows',
    ]);
    const tolkien = state.authors.find((a: { authorName: string }) => a.authorName === 'J.R.R. Tolkien');
    expect(tolkien).toMatchObject({
      foreignAuthorId: 'OL26320A',
      monitored: true,
      path: join(ebook.root, 'J.R.R. Tolkien'),
    });
    const obscure = state.authors.find((a: { authorName: string }) => a.authorName === 'Quentin Nobodyknows');
    expect(obscure.foreignAuthorId).toBe('goodreads:424242');
    const hobbit = state.books.find((b: { title: string }) => b.title === 'The Hobbit');
    expect(hobbit).toMatchObject({ foreignBookId: 'OL262758W', monitored: true });
    const lotr = state.books.find((b: { title: string }) => b.title === 'The Lord of the Rings');
    expect(lotr.foreignBookId).toBe('OL27448W');
    const pamphlet = state.books.find((b: { title: string }) => b.title === 'A Pamphlet Nobody Printed');
    expect(pamphlet).toMatchObject({ foreignBookId: 'goodreads:777777', monitored: true });

    // The merged book has both files, one per media kind; the two-part audiobook keeps both parts.
    const hobbitFiles = (await t.api.get(`/api/v1/bookfile?bookId=${hobbit.id}`).expect(200)).body;
    expect(hobbitFiles.map((f: { path: string }) => f.path.split('/').pop()).sort()).toEqual([
      'The Hobbit.epub',
      'The Hobbit.m4b',
    ]);
    expect(hobbitFiles.map((f: { quality: { quality: { name: string } } }) => f.quality.quality.name).sort()).toEqual([
      'EPUB',
      'M4B',
    ]);
    const lotrFiles = (await t.api.get(`/api/v1/bookfile?bookId=${lotr.id}`).expect(200)).body;
    expect(lotrFiles).toHaveLength(3);

    // Profiles: the defaults merged, the differing "Audio HQ" kept twice.
    const names = state.qualityProfiles.map((p: { name: string }) => p.name).sort();
    expect(names).toEqual(['Audio HQ', 'Audio HQ (2)', 'Spoken', 'eBook']);
    expect(state.tags.map((tag: { label: string }) => tag.label).sort()).toEqual(['audio', 'ebook', 'shared']);
    expect(state.rootFolders.map((f: { path: string }) => f.path).sort()).toEqual([audio.root, ebook.root].sort());
    expect(state.history).toBe(3);
    expect(state.blocklist).toBe(1);
    expect(state.exclusions).toEqual([expect.objectContaining({ foreignId: 'OL27448W' })]);

    // Secrets came across, masked in answers, and work: the download client's test passes against SABnzbd.
    expect(state.downloadClients).toHaveLength(1);
    const client = state.downloadClients[0];
    expect(JSON.stringify(state.downloadClients)).not.toContain(SAB_KEY);
    expect(JSON.stringify(state.indexers)).not.toContain(INDEXER_KEY);
    expect(JSON.stringify(state.notifications)).not.toContain(WEBHOOK_PASSWORD);
    expect(JSON.stringify(state.notifications)).not.toContain(TELEGRAM_TOKEN);
    // Discord and Telegram connections come across with their settings and on* flags.
    const connection = (name: string) => state.notifications.find((n: { name: string }) => n.name === name);
    const fieldsOf = (n: { fields: { name: string; value: unknown }[] }) =>
      Object.fromEntries(n.fields.map((field) => [field.name, field.value]));
    expect(connection('Discord channel')).toMatchObject({
      implementation: 'Discord',
      onGrab: true,
      onRename: true,
      onReleaseImport: true,
      onHealthIssue: true,
    });
    expect(fieldsOf(connection('Discord channel'))).toMatchObject({ username: 'Readarr' });
    expect(connection('Telegram chat')).toMatchObject({
      implementation: 'Telegram',
      onGrab: true,
      onDownloadFailure: true,
    });
    expect(fieldsOf(connection('Telegram chat'))).toMatchObject({
      chatId: '-1001234',
      topicId: 42,
      sendSilently: true,
    });
    expect(JSON.stringify(applied)).not.toContain(SAB_KEY);
    expect(client).toMatchObject({ implementation: 'Sabnzbd', enable: true });
    const tested = await t.api.post('/api/v1/downloadclient/test').send(client);
    expect({ status: tested.status, body: tested.body }).toEqual({ status: 200, body: {} });
    expect(state.indexers[0]).toMatchObject({ enableRss: true, downloadClientId: client.id });
    // Every indexer with its flags, priority, tags and settings; Readarr's nested seedCriteria arrive as values.
    expect(JSON.stringify(state.indexers)).not.toContain(TORZNAB_KEY);
    const torznab = state.indexers.find((indexer: { name: string }) => indexer.name === 'My Torznab');
    const sharedTag = state.tags.find((tag: { label: string }) => tag.label === 'shared');
    expect(torznab).toMatchObject({
      implementation: 'Torznab',
      enableRss: true,
      enableAutomaticSearch: false,
      enableInteractiveSearch: true,
      priority: 12,
      tags: [sharedTag.id],
    });
    const torznabFields = Object.fromEntries(
      torznab.fields.map((field: { name: string; value: unknown }) => [field.name, field.value]),
    );
    expect(torznabFields).toMatchObject({
      baseUrl: 'http://127.0.0.1:9/torznab',
      apiKey: '********',
      categories: [7020, 3030],
      minimumSeeders: 3,
      'seedCriteria.seedRatio': 1.5,
      'seedCriteria.seedTime': 1440,
      'seedCriteria.discographySeedTime': 2880,
      rejectBlocklistedTorrentHashesWhileGrabbing: true,
    });
    const stored = await t.app
      .get(DataSource)
      .query(`SELECT settings FROM provider_definition WHERE name = 'My Torznab'`);
    expect(stored[0].settings.apiKey).toBe(TORZNAB_KEY);

    // Applying both again changes nothing.
    const again = [await migrate(ebook.dbPath, false), await migrate(audio.dbPath, false)];
    for (const report of again)
      for (const [entity, counts] of Object.entries<{ imported: number }>(report.counts))
        expect({ entity, imported: counts.imported }).toEqual({ entity, imported: 0 });
    expect(await library()).toEqual(state);

    // Never a search or a grab: no command of the search family was queued, nothing reached SABnzbd's queue.
    const commands = (await t.api.get('/api/v1/command').expect(200)).body as { name: string }[];
    expect(commands.filter((command) => SEARCH_FAMILY.includes(command.name))).toEqual([]);
    expect(sab.queue).toEqual([]);
  });

  it('maps a Bookshelf library (Hardcover ids) by ISBN, never by Goodreads id', async () => {
    const shelf = await bookshelfInstance(base);
    const report = await migrate(shelf.dbPath, true);
    expect(report.source).toMatchObject({ appName: 'Bookshelf', metadataIds: 'hardcover' });
    expect(report.counts.books).toMatchObject({ found: 1, unmatched: 0 });
    expect(
      openLibrary.apiRequests('/search.json').some((request) => request.query.q?.startsWith('id_goodreads:')),
    ).toBe(false);
    expect(openLibrary.apiRequests('/search.json').some((request) => request.query.q?.startsWith('isbn:'))).toBe(true);
  });
});
