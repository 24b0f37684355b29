import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { BookQueryService } from '../../../../src/library/book/book-query.service';
import { LibraryVersionRepository } from '../../../../src/library/library-cache/library-version.repository';
import { createAuthor, createBook, createBookFile, createSeries } from '../../../factories';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { testDatabaseUrl } from '../../../utils/test-database';
import { waitFor } from '../../../utils/wait-for';

interface AuthorJson {
  id: number;
  authorName: string;
  rootFolderPath: string;
  monitored: boolean;
  statistics: { bookFileCount: number; bookCount: number };
  nextBook?: { id: number };
  lastBook?: { id: number };
}
interface BookJson {
  id: number;
  title: string;
  seriesTitle: string;
  statistics: { bookCount: number; bookFileCount: number };
}

/**
 * GET /author and GET /book are served from a cache while the library is unchanged. Whatever
 * writes the library — the API, plain SQL, another connection, a restore — the next answer must show it,
 * and so must the passing of a release date.
 */
describe('whole-library answers served from the library cache', () => {
  let t: TestApp;
  let db: DataSource;

  const authors = async () => (await t.api.get('/api/v1/author').expect(200)).body as AuthorJson[];
  const books = async () => (await t.api.get('/api/v1/book').expect(200)).body as BookJson[];
  const authorNamed = async (name: string) => (await authors()).find((author) => author.authorName === name);
  /** A write the triggers do not see (replica role): only an answer built anew shows it. */
  const untrackedRename = (authorMetadataId: number, name: string) =>
    db.transaction(async (manager) => {
      await manager.query(`SET LOCAL session_replication_role = replica`);
      await manager.query(`UPDATE author_metadata SET name = $2 WHERE id = $1`, [authorMetadataId, name]);
    });

  /** A change that names no books, as a restore records: the next GET /book is built anew, not patched. */
  const forceRebuild = () => db.query(`INSERT INTO library_change DEFAULT VALUES`);
  /** The whole-library statements GET /book runs: keyset batches of a build, or the touched ids of a patch. */
  const recordBookQueries = () => {
    const seen: { build: number; patchedIds: number[][] } = { build: 0, patchedIds: [] };
    const original = PostgresQueryRunner.prototype.query;
    const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query').mockImplementation(function (
      this: PostgresQueryRunner,
      ...args: Parameters<PostgresQueryRunner['query']>
    ) {
      if (args[0].includes('series_book_link') && args[0].includes('b.id > $1')) seen.build++;
      if (args[0].includes('series_book_link') && args[0].includes('b.id = ANY($1::int[])'))
        seen.patchedIds.push([...(args[1]?.[0] as number[])].sort((a, b) => a - b));
      return original.apply(this, args);
    });
    return { seen, stop: () => spy.mockRestore() };
  };

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '60000' }, { fresh: true });
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  it('prepares the author list at start-up, so the first GET /author is served from the cache', async () => {
    const cachedAuthorBytes = async () => {
      const metrics = (await t.api.get('/metrics').expect(200)).text;
      return Number(/^quire_response_cache_bytes\{answer="author"\} (\d+)$/m.exec(metrics)?.[1] ?? 0);
    };
    const warmed = await waitFor(async () => (await cachedAuthorBytes()) || undefined, 'the prepared author list');
    const first = await t.api.get('/api/v1/author').expect(200);
    expect(Buffer.byteLength(first.text)).toBe(warmed);
  });

  it('reuses an answer while nothing changed, and builds a new one after every kind of library write', async () => {
    const author = await createAuthor(db, {
      name: 'Cora Cached',
      path: '/lib/deep/Cora Cached',
      rootFolderPath: '/lib',
    });
    const book = await createBook(db, author, { title: 'First Light', releaseDate: new Date('2001-01-01') });
    const firstAuthors = await t.api.get('/api/v1/author').expect(200);
    expect(firstAuthors.headers['content-type']).toBe('application/json; charset=utf-8');
    const firstBooks = await t.api.get('/api/v1/book').expect(200);

    // Cached: an untracked write is not seen, and the bytes are the same.
    await untrackedRename(author.authorMetadataId, 'Cora Untracked');
    const again = await t.api.get('/api/v1/author').expect(200);
    expect(again.text).toBe(firstAuthors.text);
    expect((await t.api.get('/api/v1/book').expect(200)).text).toBe(firstBooks.text);

    // Each tracked table invalidates: author (API), author_metadata, book, edition, series links, root folders.
    await t.api
      .put('/api/v1/author/editor')
      .send({ authorIds: [author.id], monitored: false })
      .expect(200);
    expect(await authorNamed('Cora Untracked')).toMatchObject({ monitored: false });
    await db.query(`UPDATE author_metadata SET name = 'Cora Renamed' WHERE id = $1`, [author.authorMetadataId]);
    expect(await authorNamed('Cora Renamed')).toBeDefined();
    await db.query(`UPDATE edition SET title = 'Second Light' WHERE id = $1`, [book.editionId]);
    expect((await books()).map((b) => b.title)).toEqual(['Second Light']);
    await createSeries(db, 'Lights', [{ bookId: book.id, position: '2' }]);
    expect((await books())[0].seriesTitle).toBe('Lights #2');
    await createBookFile(db, book.editionId, { size: 10 });
    expect((await books())[0].statistics.bookFileCount).toBe(1);
    expect((await authorNamed('Cora Renamed'))?.statistics.bookFileCount).toBe(1);
    expect((await authorNamed('Cora Renamed'))?.rootFolderPath).toBe('/lib');
    await db.query(
      `INSERT INTO root_folder (name, path, default_metadata_profile_id, default_quality_profile_id)
       VALUES ('Deep', '/lib/deep', $1, $2)`,
      [author.metadataProfileId, author.qualityProfileId],
    );
    expect((await authorNamed('Cora Renamed'))?.rootFolderPath).toBe('/lib/deep');
    await t.api.delete(`/api/v1/book/${book.id}`).expect(200);
    expect(await books()).toEqual([]);
  });

  it('shows a release date that passed since the answer was built (next book becomes last book)', async () => {
    const author = await createAuthor(db, { name: 'Rita Release' });
    const [{ soon }] = await db.query(`SELECT now() + interval '1500 milliseconds' AS soon`);
    const book = await createBook(db, author, { title: 'Any Moment', releaseDate: soon as Date });
    const before = await authorNamed('Rita Release');
    expect(before?.nextBook?.id).toBe(book.id);
    expect(before?.lastBook).toBeUndefined();
    expect(before?.statistics.bookCount).toBe(0);
    expect((await books()).find((b) => b.id === book.id)?.statistics.bookCount).toBe(0);

    await waitFor(
      async () => (await authorNamed('Rita Release'))?.lastBook?.id === book.id,
      'the release date',
      10_000,
    );
    const after = await authorNamed('Rita Release');
    expect(after?.nextBook).toBeUndefined();
    expect(after?.statistics.bookCount).toBe(1);
    expect((await books()).find((b) => b.id === book.id)?.statistics.bookCount).toBe(1);
  });

  it('sees a write committed after a later-started one (commit order is not sequence order)', async () => {
    const first = await createAuthor(db, { name: 'Early Writer' });
    const second = await createAuthor(db, { name: 'Late Writer' });
    const early = new Client({ connectionString: testDatabaseUrl() });
    const late = new Client({ connectionString: testDatabaseUrl() });
    await Promise.all([early.connect(), late.connect()]);
    try {
      if (await sharesOneSession(early, late)) return expectSequentialWritesSeen(first, second);
      await early.query('BEGIN');
      await early.query(`UPDATE author_metadata SET name = 'Early Committed' WHERE id = $1`, [first.authorMetadataId]);
      await late.query('BEGIN');
      await late.query(`UPDATE author_metadata SET name = 'Late Committed' WHERE id = $1`, [second.authorMetadataId]);
      await late.query('COMMIT');
      const names = (await authors()).map((author) => author.authorName);
      expect(names).toEqual(expect.arrayContaining(['Early Writer', 'Late Committed']));
      await early.query('COMMIT');
      expect((await authors()).map((author) => author.authorName)).toEqual(
        expect.arrayContaining(['Early Committed', 'Late Committed']),
      );
    } finally {
      await Promise.all([early.end(), late.end()]);
    }
  });

  /** The embedded server runs every connection in one session: no interleaved transactions to test there. */
  async function sharesOneSession(a: Client, b: Client): Promise<boolean> {
    const [pidA, pidB] = await Promise.all([
      a.query('SELECT pg_backend_pid() AS pid'),
      b.query('SELECT pg_backend_pid() AS pid'),
    ]);
    return pidA.rows[0].pid === pidB.rows[0].pid;
  }

  async function expectSequentialWritesSeen(first: { authorMetadataId: number }, second: { authorMetadataId: number }) {
    await authors();
    await db.query(`UPDATE author_metadata SET name = 'Early Committed' WHERE id = $1`, [first.authorMetadataId]);
    await db.query(`UPDATE author_metadata SET name = 'Late Committed' WHERE id = $1`, [second.authorMetadataId]);
    expect((await authors()).map((author) => author.authorName)).toEqual(
      expect.arrayContaining(['Early Committed', 'Late Committed']),
    );
  }

  it('builds anew after a restore (which runs with triggers suspended)', async () => {
    const author = await createAuthor(db, { name: 'Bea Backup' });
    await runCommand(t, 'Backup', { type: 'manual' });
    const [newest] = (await t.api.get('/api/v1/system/backup').expect(200)).body.sort(
      (a: { time: string }, b: { time: string }) => b.time.localeCompare(a.time),
    );
    await db.query(`UPDATE author_metadata SET name = 'Bea Changed' WHERE id = $1`, [author.authorMetadataId]);
    expect(await authorNamed('Bea Changed')).toBeDefined();
    await t.api.post(`/api/v1/system/backup/restore/${newest.id}`).expect(200);
    expect(await authorNamed('Bea Backup')).toBeDefined();
  });

  it('builds a version once for concurrent requests; a build cut short leaves no request waiting', async () => {
    const author = await createAuthor(db, { name: 'Sam Single' });
    await createBook(db, author, { title: 'Once' });
    const listQueries: string[] = [];
    const original = PostgresQueryRunner.prototype.query;
    const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query').mockImplementation(function (
      this: PostgresQueryRunner,
      ...args: Parameters<PostgresQueryRunner['query']>
    ) {
      if (args[0].includes('series_book_link')) listQueries.push(args[0]);
      return original.apply(this, args);
    });
    try {
      const answers = await Promise.all([1, 2, 3, 4].map(() => t.api.get('/api/v1/book').expect(200)));
      expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
      expect(listQueries).toHaveLength(1);

      await createBook(db, author, { title: 'Twice' });
      await forceRebuild(); // a book added alone is patched in; this test is about whole builds
      const cutShort = t.app.get(BookQueryService).listJsonChunks({});
      await cutShort.next(); // this build has started and sent its first chunk
      const waiting = t.api.get('/api/v1/book').expect(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await cutShort.return(undefined);
      const titles = ((await waiting).body as BookJson[]).map((book) => book.title);
      expect(titles).toEqual(expect.arrayContaining(['Once', 'Twice']));
      expect(listQueries).toHaveLength(3);
    } finally {
      spy.mockRestore();
    }
  });

  it('reports the bytes it keeps, and frees a superseded answer as soon as a request sees the change', async () => {
    const cachedBytes = async () => {
      const metrics = (await t.api.get('/metrics').expect(200)).text;
      return Number(/^quire_response_cache_bytes\{answer="book"\} (\d+)$/m.exec(metrics)?.[1]);
    };
    const author = await createAuthor(db, { name: 'Gus Gauge' });
    await createBook(db, author, { title: 'Kept' });
    const first = await t.api.get('/api/v1/book').expect(200);
    expect(await cachedBytes()).toBe(Buffer.byteLength(first.text));

    await createBook(db, author, { title: 'Superseded' });
    await forceRebuild();
    const cutShort = t.app.get(BookQueryService).listJsonChunks({});
    await cutShort.next(); // a rebuild has started: the old body is gone already, not kept beside it
    expect(await cachedBytes()).toBe(0);
    await cutShort.return(undefined);

    const second = await t.api.get('/api/v1/book').expect(200);
    expect(await cachedBytes()).toBe(Buffer.byteLength(second.text));
  });

  it('patches the cached book list for the books a write touched; the patched list is what a rebuild sends', async () => {
    const author = await createAuthor(db, { name: 'Pat Patch' });
    const other = await createAuthor(db, { name: 'Olga Other' });
    const one = await createBook(db, author, { title: 'Patch One' });
    const two = await createBook(db, author, { title: 'Patch Two' });
    await createBook(db, other, { title: 'Left Alone' });
    await books();
    const rebuilt = async () => {
      await forceRebuild();
      return (await t.api.get('/api/v1/book').expect(200)).text;
    };
    const writes: [string, () => Promise<unknown>, () => number[]][] = [
      ['book', () => db.query(`UPDATE book SET monitored = NOT monitored WHERE id = $1`, [one.id]), () => [one.id]],
      [
        'edition',
        () => db.query(`UPDATE edition SET title = 'Patch One, Revised' WHERE id = $1`, [one.editionId]),
        () => [one.id],
      ],
      [
        'author metadata (both books’ authorTitle)',
        () =>
          db.query(`UPDATE author_metadata SET sort_name_last_first = 'Patch, Pat' WHERE id = $1`, [
            author.authorMetadataId,
          ]),
        () => [one.id, two.id],
      ],
      ['series link', () => createSeries(db, 'Patches', [{ bookId: two.id, position: '1' }]), () => [two.id]],
      ['series title', () => db.query(`UPDATE series SET title = 'Patchwork' WHERE title = 'Patches'`), () => [two.id]],
      ['book file (file counters)', () => createBookFile(db, one.editionId, { size: 10 }), () => [one.id]],
      ['book deleted', () => db.query(`DELETE FROM book WHERE id = $1`, [two.id]), () => [two.id]],
    ];
    let added = 0;
    writes.push([
      'book added',
      async () => (added = (await createBook(db, other, { title: 'Newcomer' })).id),
      () => [added],
    ]);
    for (const [what, write, touched] of writes) {
      await write();
      const queries = recordBookQueries();
      let patched: string;
      try {
        patched = (await t.api.get('/api/v1/book').expect(200)).text;
      } finally {
        queries.stop();
      }
      expect({ what, ...queries.seen }).toEqual({ what, build: 0, patchedIds: [touched()] });
      expect({ what, patched }).toEqual({ what, patched: await rebuilt() });
    }
    const titles = (await books()).map((book) => book.title);
    expect(titles).toEqual(expect.arrayContaining(['Patch One, Revised', 'Left Alone', 'Newcomer']));
    expect(titles).not.toContain('Patch Two');
  });

  it('sends the cached book list gzip-compressed, equal to the plain answer before and after a patch', async () => {
    const author = await createAuthor(db, { name: 'Zip Zipper' });
    const book = await createBook(db, author, { title: 'Deflated' });
    const plain = async () => (await t.api.get('/api/v1/book').set('Accept-Encoding', 'identity').expect(200)).text;
    const gzipped = async () => {
      const answer = await t.api.get('/api/v1/book').set('Accept-Encoding', 'gzip, br').expect(200);
      return { encoding: answer.headers['content-encoding'], text: answer.text };
    };
    const built = await plain();
    expect(await gzipped()).toEqual({ encoding: 'gzip', text: built });
    await db.query(`UPDATE edition SET title = 'Deflated, Patched' WHERE id = $1`, [book.editionId]);
    const patched = await gzipped();
    expect(patched).toEqual({ encoding: 'gzip', text: await plain() });
    expect(patched.text).toContain('"title":"Deflated, Patched"');
  });

  it('patches across a fold: the folded row names the union of the books its rows touched', async () => {
    const author = await createAuthor(db, { name: 'Fay Fold' });
    const kept = await createBook(db, author, { title: 'Folded Once' });
    // Earlier tests left changes that name no books (forced rebuilds); a fold with one of them records
    // "unknown" and rebuilds once, which is not what this test is about.
    await db.query(`UPDATE library_change SET book_ids = '{}' WHERE book_ids IS NULL`);
    await books();
    await db.query(`UPDATE edition SET title = 'Folded Twice' WHERE id = $1`, [kept.editionId]);
    await t.app.get(LibraryVersionRepository).fold();
    const queries = recordBookQueries();
    let patched: BookJson[];
    try {
      patched = (await t.api.get('/api/v1/book').expect(200)).body as BookJson[];
    } finally {
      queries.stop();
    }
    expect(queries.seen.build).toBe(0);
    expect(queries.seen.patchedIds).toHaveLength(1);
    expect(queries.seen.patchedIds[0]).toContain(kept.id);
    expect(patched.find((book) => book.id === kept.id)?.title).toBe('Folded Twice');
  });

  it('folds change rows into one without changing the version', async () => {
    const versions = t.app.get(LibraryVersionRepository);
    for (let i = 0; i < 3; i++) await db.query(`UPDATE author SET monitored = monitored`);
    const before = await versions.read();
    await versions.fold();
    const [{ rows }] = await db.query(`SELECT count(*)::int AS rows FROM library_change`);
    expect(rows).toBe(1);
    expect((await versions.read()).version).toBe(before.version);
    await db.query(`UPDATE author SET monitored = monitored`);
    expect((await versions.read()).version).toBe(before.version + 1n);
  });
});

describe('whole-library answers with RESPONSE_CACHE_MB=0', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '60000', RESPONSE_CACHE_MB: '0' }, { fresh: true });
  });
  afterAll(() => t.close());

  it('builds every answer anew (an untracked write shows at once)', async () => {
    const db = t.app.get(DataSource);
    const author = await createAuthor(db, { name: 'Nico Nocache' });
    await t.api.get('/api/v1/author').expect(200);
    await db.transaction(async (manager) => {
      await manager.query(`SET LOCAL session_replication_role = replica`);
      await manager.query(`UPDATE author_metadata SET name = 'Nico Seen' WHERE id = $1`, [author.authorMetadataId]);
    });
    const names = ((await t.api.get('/api/v1/author').expect(200)).body as AuthorJson[]).map((a) => a.authorName);
    expect(names).toEqual(['Nico Seen']);
  });
});
