import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandQueueService } from '../../../../src/platform/command/command-queue.service';
import { ConfigStore } from '../../../../src/platform/database/config-store.service';
import { ActiveMetadataSource } from '../../../../src/metadata/source/active-metadata-source';
import { BookInfoSource } from '../../../../src/metadata/source/book-info/book-info.source';
import {
  FakeBookInfo,
  LARGE_AUTHOR_ID,
  LARGE_AUTHOR_WORKS,
  MIDDLE_EARTH_SERIES_ID,
  TOLKIEN_ID,
} from '../../../fakes/book-info.fake';
import { newBookWithAuthor } from '../../../utils/book-add';
import { runCommand, waitForCommand, waitForQueuedCommand } from '../../../utils/commands';
import { FakeOpenLibrary } from '../../../fakes/open-library.fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { sql } from '../../../utils/test-database';
import { waitFor } from '../../../utils/wait-for';

// A busy machine makes a 200-work refresh and a library re-match slow; nothing here asserts time.
jest.setTimeout(600_000);
const COMMAND_MS = 240_000;

describe("metadataSourceType=bookInfo: Readarr's BookInfo protocol as the metadata source", () => {
  let fake: FakeBookInfo;
  let openLibrary: FakeOpenLibrary;
  let t: TestApp;
  let root: string;
  let profiles: { id: number; name: string }[];
  const profile = (name: string) => profiles.find((candidate) => candidate.name === name)!.id;

  beforeAll(async () => {
    fake = await FakeBookInfo.start();
    openLibrary = await FakeOpenLibrary.start();
    t = await createTestApp({ METADATA_SOURCE_URL: '', COVER_SOURCE_URL: '' });
    await t.api.put('/api/v1/config/development').send({ coverSource: openLibrary.coversUrl }).expect(200);
    await t.app.get(ConfigStore).set('metadataProvider', { requestsPerMinute: 6000 });
    root = mkdtempSync(join(tmpdir(), 'quire-book-info-'));
    profiles = (await t.api.get('/api/v1/metadataprofile').expect(200)).body;
    await t.api
      .post('/api/v1/rootfolder')
      .send({ name: 'Books', path: root, defaultQualityProfileId: 1, defaultMetadataProfileId: profile('Standard') })
      .expect(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
    await openLibrary.close();
  });

  const commandFor = (name: string, match: (body: Record<string, any>) => boolean, timeoutMs = COMMAND_MS) =>
    waitForQueuedCommand(t, name, match, timeoutMs);

  const booksOf = (authorId: number) =>
    sql<{ foreign_book_id: string; title: string }>(
      'SELECT foreign_book_id, title FROM book WHERE author_id = $1 ORDER BY foreign_book_id',
      [authorId],
    );

  it('rejects an unknown metadataSourceType with a 400, and probes a URL sent without a type', async () => {
    const bad = await t.api.put('/api/v1/config/development').send({ metadataSourceType: 'goodreads' }).expect(400);
    expect(JSON.stringify(bad.body)).toContain('MetadataSourceType');
    expect((await t.api.get('/api/v1/config/development').expect(200)).body).toMatchObject({
      metadataSourceType: 'openLibrary',
    });

    const saved = await t.api.put('/api/v1/config/development').send({ metadataSource: fake.url }).expect(200);
    expect(saved.body).toMatchObject({ metadataSource: fake.url, metadataSourceType: 'bookInfo' });
    expect(fake.requestsTo('/author/changed')).toHaveLength(1);
    expect((await t.api.get('/api/v1/config/development').expect(200)).body).toMatchObject({
      metadataSource: fake.url,
      metadataSourceType: 'bookInfo',
    });
    expect((await t.app.get(ActiveMetadataSource).current()).name).toBe('BookInfo');
  });

  it('looks authors and books up, by text, by ISBN and by work id', async () => {
    const authors = (await t.api.get('/api/v1/author/lookup?term=tolkien').expect(200)).body;
    expect(authors[0]).toMatchObject({ foreignAuthorId: String(TOLKIEN_ID), authorName: 'J.R.R. Tolkien' });

    const byIsbn = (await t.api.get('/api/v1/book/lookup?term=isbn:9780261102217').expect(200)).body;
    expect(byIsbn).toHaveLength(1);
    expect(byIsbn[0]).toMatchObject({ foreignBookId: '1540236', title: 'The Hobbit' });
    expect(byIsbn[0].editions.map((edition: { foreignEditionId: string }) => edition.foreignEditionId)).toEqual([
      '5907',
    ]);

    const books = (await t.api.get('/api/v1/book/lookup?term=silmarillion').expect(200)).body;
    expect(books.map((book: { foreignBookId: string }) => book.foreignBookId)).toEqual(['3245']);
    expect(books[0].author).toMatchObject({ foreignAuthorId: String(TOLKIEN_ID) });
  });

  it('states series through the source: getSeries and RemoteBook.series', async () => {
    const source = t.app.get(ActiveMetadataSource);
    const series = await source.getSeries(String(MIDDLE_EARTH_SERIES_ID));
    expect(series).toMatchObject({ title: 'Middle-earth Universe', numbered: true });
    expect(series.works).toEqual(
      expect.arrayContaining([
        { foreignBookId: '1540236', position: '1', isPrimary: true },
        { foreignBookId: '3245', position: '0.5', isPrimary: false },
      ]),
    );
    expect((await source.getWork('3462456')).series).toEqual([
      {
        foreignSeriesId: String(MIDDLE_EARTH_SERIES_ID),
        title: 'Middle-earth Universe',
        position: '2',
        isPrimary: true,
        // Goodreads' primary-work flag as the server states it (what skipSeriesSecondary reads).
        primaryWork: true,
      },
    ]);
    const works = await source.getAuthorWorks(String(TOLKIEN_ID));
    expect(works.find((work) => work.foreignBookId === '60379456')?.series).toEqual([]);
    // Editions: the French one is stated with its ISO 639-2/B code.
    expect((await source.getEditions('1540236')).map((edition) => edition.language)).toEqual(['eng', 'fre']);
    // The "changed" feed and the ASIN route.
    expect(await t.app.get(BookInfoSource).getChangedAuthors(new Date())).toEqual({ limited: true, ids: [] });
    expect(await t.app.get(BookInfoSource).getEditionByAsin('B007978NPG')).toMatchObject({
      foreignEditionId: '5907',
      foreignBookId: '1540236',
    });
    expect((await t.app.get(BookInfoSource).getBooksBulk(['33', '7332'])).map((book) => book.title).sort()).toEqual([
      'The Lord of the Rings',
      'The Silmarillion',
    ]);
  });

  let tolkienId: number;

  it('adds a single book (its author gets only that book), then refresh under Standard brings the rest', async () => {
    const [book] = (await t.api.get('/api/v1/book/lookup?term=work:1540236').expect(200)).body;
    const created = await t.api
      .post('/api/v1/book')
      .send(newBookWithAuthor(book, { metadataProfileId: profile('None'), rootFolderPath: root }))
      .expect(200);
    tolkienId = created.body.authorId;
    const refresh = await commandFor('RefreshAuthor', (body) => body.authorId === tolkienId);
    expect([refresh.status, refresh.exception]).toEqual(['completed', undefined]);
    expect(await booksOf(tolkienId)).toEqual([{ foreign_book_id: '1540236', title: 'The Hobbit' }]);
    const editions = await sql<{ foreign_edition_id: string; isbn13: string }>(
      'SELECT foreign_edition_id, isbn13 FROM edition WHERE book_id = $1 ORDER BY foreign_edition_id',
      [created.body.id],
    );
    expect(editions).toContainEqual({ foreign_edition_id: '5907', isbn13: '9780261102217' });

    const author = (await t.api.get(`/api/v1/author/${tolkienId}`).expect(200)).body;
    await t.api
      .put(`/api/v1/author/${tolkienId}`)
      .send({ ...author, metadataProfileId: profile('Standard') })
      .expect(200);
    const refreshed = await runCommand(t, 'RefreshAuthor', { authorId: tolkienId }, COMMAND_MS);
    expect([refreshed.status, refreshed.exception]).toEqual(['completed', undefined]);
    expect((await booksOf(tolkienId)).map((row) => row.foreign_book_id)).toEqual([
      '1540236',
      '3245',
      '3462456',
      '60379456',
    ]);
    expect(fake.requestsTo('/work/').length).toBeGreaterThan(0);
  });

  it('the refresh stores the series BookInfo states: GET /series lists them with their positions', async () => {
    const series = (await t.api.get(`/api/v1/series?authorId=${tolkienId}`).expect(200)).body as {
      title: string;
      links: { position?: string; bookId: number }[];
    }[];
    const middleEarth = series.find((item) => item.title === 'Middle-earth Universe');
    const books = (await t.api.get(`/api/v1/book?authorId=${tolkienId}`).expect(200)).body as {
      id: number;
      foreignBookId: string;
    }[];
    const foreignId = (bookId: number) => books.find((book) => book.id === bookId)?.foreignBookId;
    expect(middleEarth?.links.map((link) => [foreignId(link.bookId), link.position])).toEqual([
      ['3245', '0.5'],
      ['1540236', '1'],
      ['3462456', '2'],
    ]);
  });

  it('an author answered with "still loading" (202 or no works) keeps every book; the refresh is retried', async () => {
    fake.startLoading(TOLKIEN_ID, 1, 'empty');
    const empty = await runCommand(t, 'RefreshAuthor', { authorId: tolkienId }, COMMAND_MS);
    expect(empty).toMatchObject({ status: 'completed' });
    expect(empty.message).toMatch(/still loading at BookInfo; nothing was changed, trying again in \d+ s/);
    expect(await booksOf(tolkienId)).toHaveLength(4);

    fake.startLoading(TOLKIEN_ID, 1, '202');
    const accepted = await runCommand(t, 'RefreshAuthor', { authorId: tolkienId }, COMMAND_MS);
    expect(accepted.message).toMatch(
      /J\.R\.R\. Tolkien is still loading at BookInfo; nothing was changed, trying again in 1 s/,
    );
    expect(await booksOf(tolkienId)).toHaveLength(4);
    // The retry comes by itself once the server has the author (Retry-After: 1).
    const retry = await commandFor(
      'RefreshAuthor',
      (body) => body.authorId === tolkienId && body.notReadyAttempt === 1,
    );
    expect([retry.status, retry.message]).toEqual(['completed', 'Completed']);
    expect(await booksOf(tolkienId)).toHaveLength(4);
  });

  it('a large author loads in the background while other commands keep running', async () => {
    const [lookup] = (await t.api.get(`/api/v1/author/lookup?term=author:${LARGE_AUTHOR_ID}`).expect(200)).body;
    fake.startLoading(LARGE_AUTHOR_ID, 2, '202');
    const created = await t.api
      .post('/api/v1/author')
      .send({
        ...lookup,
        qualityProfileId: 1,
        metadataProfileId: profile('Standard'),
        rootFolderPath: root,
        monitored: true,
        addOptions: { monitor: 'all', searchForMissingBooks: false },
      })
      .expect(200);
    const largeId = created.body.id as number;
    const first = await commandFor('RefreshAuthor', (body) => body.authorId === largeId && !body.notReadyAttempt);
    expect(first.message).toMatch(/still loading/);
    // Meanwhile the queue runs other work.
    const other = await runCommand(t, 'RefreshAuthor', { authorId: tolkienId }, COMMAND_MS);
    expect(other.status).toBe('completed');
    expect(await booksOf(largeId)).toEqual([]);

    await waitFor(async () => (await booksOf(largeId)).length === LARGE_AUTHOR_WORKS, 'the large author', 180_000);
    const done = await commandFor('RefreshAuthor', (body) => body.authorId === largeId && body.notReadyAttempt === 2);
    expect(done.status).toBe('completed');
    // One author answer serves the works and their editions: no request per work.
    expect(fake.requestsTo('/work/91')).toEqual([]);
  });

  it('a scheduled refresh of every author asks the "changed" feed and refreshes only the authors it names', async () => {
    const authorRequests = (id: number) =>
      fake.requests.filter((request) => request.url.pathname === `/author/${id}`).length;
    const scheduled = async () => {
      const lastRun = new Date(Date.now() - 3600_000);
      const queued = await t.app
        .get(CommandQueueService)
        .enqueue('RefreshAuthor', {}, { trigger: 'scheduled', lastExecutionTime: lastRun, lastStartTime: lastRun });
      return { command: await waitForCommand(t, queued.id, COMMAND_MS), lastRun };
    };

    fake.setChanged([LARGE_AUTHOR_ID]);
    let before = [authorRequests(TOLKIEN_ID), authorRequests(LARGE_AUTHOR_ID)];
    const { command, lastRun } = await scheduled();
    expect([command.status, command.exception]).toEqual(['completed', undefined]);
    expect(command.message).toMatch(/BookInfo reports 1 of 2 authors changed since/);
    expect(authorRequests(TOLKIEN_ID)).toBe(before[0]);
    expect(authorRequests(LARGE_AUTHOR_ID)).toBeGreaterThan(before[1]);
    const feed = fake.requests.filter((request) => request.url.pathname === '/author/changed').at(-1);
    expect(feed?.url.searchParams.get('since')).toBe(lastRun.toISOString());

    // A Limited answer (rreading-glasses always says so) and a manual run both refresh every author.
    fake.setChanged(undefined);
    before = [authorRequests(TOLKIEN_ID), authorRequests(LARGE_AUTHOR_ID)];
    expect((await scheduled()).command.message).toBe('Completed');
    expect(authorRequests(TOLKIEN_ID)).toBeGreaterThan(before[0]);
    expect(authorRequests(LARGE_AUTHOR_ID)).toBeGreaterThan(before[1]);
    fake.setChanged([]);
    before = [authorRequests(TOLKIEN_ID)];
    expect((await runCommand(t, 'RefreshAuthor', {}, COMMAND_MS)).message).toBe('Completed');
    expect(authorRequests(TOLKIEN_ID)).toBeGreaterThan(before[0]);
    fake.setChanged(undefined);
  });

  it('switching back to Open Library re-matches authors and books, deletes nothing, and reports', async () => {
    const before = await sql<{ count: string }>('SELECT count(*) FROM book');
    // The Silmarillion without identifiers: only the title + author tier can find it.
    await sql(
      `UPDATE edition SET isbn13 = NULL, asin = NULL WHERE book_id = (SELECT id FROM book WHERE foreign_book_id = '3245')`,
    );
    const saved = await t.api.put('/api/v1/config/development').send({ metadataSource: openLibrary.url }).expect(200);
    expect(saved.body.metadataSourceType).toBe('openLibrary');
    const rematch = await commandFor('RematchLibrary', (body) => body.to === 'openLibrary', 240_000);
    expect([rematch.status, rematch.exception]).toEqual(['completed', undefined]);
    expect(rematch.message).toMatch(/Re-matched through openLibrary: 1 of 2 authors and 3 of 204 books got new ids/);

    const report = (await t.api.get(`/api/v1/migration/rematch/${rematch.id}`).expect(200)).body;
    expect(report).toMatchObject({
      from: 'bookInfo',
      to: 'openLibrary',
      counts: {
        authors: { total: 2, matched: 1, unchanged: 0, unmatched: 1 },
        books: { total: 204, matched: 3, unchanged: 0, unmatched: 201 },
      },
    });
    const routes = (report.matched as { kind: string; previousForeignId: string; foreignId: string; via: string }[])
      .map((match) => `${match.kind} ${match.previousForeignId} → ${match.foreignId} by ${match.via}`)
      .sort();
    expect(routes).toEqual([
      `author ${TOLKIEN_ID} → OL26320A by books`,
      'book 1540236 → OL262758W by isbn',
      'book 3245 → OL27513W by title',
      'book 3462456 → OL27448W by isbn',
    ]);
    expect(report.unmatched).toContainEqual(
      expect.objectContaining({ kind: 'book', title: 'The Fall of Gondolin', foreignId: '60379456' }),
    );
    expect(await sql('SELECT count(*) FROM book')).toEqual(before);
    expect((await booksOf(tolkienId)).map((row) => row.foreign_book_id)).toEqual([
      '60379456',
      'OL262758W',
      'OL27448W',
      'OL27513W',
    ]);
    await t.api.get('/api/v1/migration/rematch/999999').expect(404);
  });

  it('enrichment: Open Library lacks series, the BookInfo server has them (found by ISBN), with provenance', async () => {
    await t.api.put('/api/v1/config/development').send({ metadataEnrichmentSource: 'not a url' }).expect(400);
    const saved = await t.api
      .put('/api/v1/config/development')
      .send({ metadataEnrichmentSource: fake.url })
      .expect(200);
    expect(saved.body).toMatchObject({ metadataSourceType: 'openLibrary', metadataEnrichmentSource: fake.url });

    const refreshed = await runCommand(t, 'RefreshAuthor', { authorId: tolkienId }, COMMAND_MS);
    expect([refreshed.status, refreshed.exception]).toEqual(['completed', undefined]);
    // (The ISBN answer may come from the response cache: the earlier lookup asked the same URL.)
    expect(fake.requestsTo('/book/isbn/9780261102217').length).toBeGreaterThan(0);
    const rows = await sql<{ foreign_book_id: string; metadata_provenance: Record<string, string> }>(
      'SELECT foreign_book_id, metadata_provenance FROM book WHERE author_id = $1 ORDER BY foreign_book_id',
      [tolkienId],
    );
    // The Hobbit has a description at Open Library: only its series came from BookInfo.
    expect(rows.find((row) => row.foreign_book_id === 'OL262758W')?.metadata_provenance).toEqual({
      series: 'BookInfo',
    });
    // A book Open Library does not list (kept under its BookInfo id) is not enriched by this refresh.
    expect(rows.find((row) => row.foreign_book_id === '60379456')?.metadata_provenance).toEqual({});
  });
});
