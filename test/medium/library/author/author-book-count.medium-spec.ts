import { AuthorBookCountRepository } from '../../../../src/library/author/author-book-count.repository';
import type { AuthorStatisticsRow } from '../../../../src/library/author/author.repository';
import { DatabaseServer } from '../../../../src/platform/database/database-server';
import { DatabaseVacuum } from '../../../../src/platform/database/database-vacuum';
import { PreparedStatements } from '../../../../src/platform/database/prepared-statements';
import { createAuthor, createBook, createBookFile, createEdition, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

const DAY_MS = 86_400_000;

/** Author statistics recounted from the base tables: what the trigger-kept deltas must always add up to. */
const RECOUNT = `
  WITH files AS (
    SELECT e.book_id, count(f.id)::int AS n, coalesce(sum(f.size), 0)::bigint AS size
    FROM book_file f JOIN edition e ON e.id = f.edition_id GROUP BY e.book_id),
  books AS (
    SELECT b.author_id, b.monitored, b.release_date, coalesce(f.n, 0) AS n, coalesce(f.size, 0) AS size
    FROM book b LEFT JOIN files f ON f.book_id = b.id)
  SELECT author_id AS "authorId", count(*)::int AS "totalBookCount",
    count(*) FILTER (WHERE release_date IS NULL OR n > 0
                        OR (monitored AND n = 0 AND release_date < now()))::int AS "bookCount",
    count(*) FILTER (WHERE n > 0)::int AS "availableBookCount", sum(n)::int AS "bookFileCount",
    sum(size)::bigint AS "sizeOnDisk"
  FROM books GROUP BY author_id`;

const MISSING_RECOUNT = `
  SELECT count(*)::int AS n FROM book b JOIN author a ON a.id = b.author_id
  WHERE b.monitored AND a.monitored AND b.release_date <= now()
    AND NOT EXISTS (SELECT 1 FROM book_file f JOIN edition e ON e.id = f.edition_id WHERE e.book_id = b.id)`;

/**
 * Author statistics and wanted/missing's total from the deltas that statement triggers on `book` append
 * (fed in turn by the triggers on `book_file` and `edition`): after every kind of library write, after a fold,
 * and with concurrent writers, they must equal a recount from the base tables.
 */
describe('author book counts (medium)', () => {
  let medium: Medium;
  let counts: AuthorBookCountRepository;

  beforeAll(async () => {
    medium = await newMediumService({
      providers: [AuthorBookCountRepository, PreparedStatements, DatabaseServer, DatabaseVacuum],
      tables: ['author_metadata', 'author', 'book', 'edition', 'book_file', 'author_book_count'],
    });
    await ensureProfiles(medium.dataSource);
    counts = medium.get(AuthorBookCountRepository);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  async function expectCountsToMatchRecount(): Promise<void> {
    const recounted = await medium.sql<AuthorStatisticsRow & { sizeOnDisk: string }>(RECOUNT);
    const expected = new Map(recounted.map((row) => [row.authorId, { ...row, sizeOnDisk: Number(row.sizeOnDisk) }]));
    expect(new Map([...(await counts.statistics())].sort(([a], [b]) => a - b))).toEqual(
      new Map([...expected].sort(([a], [b]) => a - b)),
    );
    const [{ n }] = await medium.sql<{ n: number }>(MISSING_RECOUNT);
    expect(await counts.countMonitoredMissing()).toBe(n);
  }

  it('follow every kind of write: files added, moved, resized and removed, books moved, re-dated and deleted', async () => {
    const ann = await createAuthor(medium.dataSource, { name: 'Ann' });
    const bob = await createAuthor(medium.dataSource, { name: 'Bob' });
    const released = await createBook(medium.dataSource, ann);
    const upcoming = await createBook(medium.dataSource, ann, { releaseDate: new Date(Date.now() + 30 * DAY_MS) });
    const undated = await createBook(medium.dataSource, ann, { releaseDate: null });
    const unmonitored = await createBook(medium.dataSource, bob, { monitored: false });
    const bobs = await createBook(medium.dataSource, bob);
    await expectCountsToMatchRecount();

    // Files: two in one statement, one on a second edition, one unmapped.
    await medium.sql(
      `INSERT INTO book_file (edition_id, path, size, quality_id, media_kind)
       VALUES ($1, '/f/1.epub', 1000, 3, 'ebook'), ($1, '/f/2.pdf', 3000000000, 1, 'ebook')`,
      [released.editionId],
    );
    const second = await createEdition(medium.dataSource, upcoming.id);
    const onSecond = await createBookFile(medium.dataSource, second.id, { size: 500 });
    await createBookFile(medium.dataSource, null, { size: 77 });
    await expectCountsToMatchRecount();

    // An unmapped file mapped, a file resized, a file moved to another book's edition.
    await medium.sql(`UPDATE book_file SET edition_id = $1 WHERE edition_id IS NULL`, [bobs.editionId]);
    await medium.sql(`UPDATE book_file SET size = size + 1 WHERE path = '/f/1.epub'`);
    await medium.sql(`UPDATE book_file SET edition_id = $1 WHERE id = $2`, [unmonitored.editionId, onSecond.id]);
    await expectCountsToMatchRecount();

    // Books: moved to another author, re-dated into the past and the future, unmonitored, an edition moved.
    await medium.sql(`UPDATE book SET author_id = $1 WHERE id = $2`, [bob.id, undated.id]);
    await medium.sql(`UPDATE book SET release_date = now() - interval '1 day' WHERE id = $1`, [upcoming.id]);
    await medium.sql(`UPDATE book SET release_date = now() + interval '1 day', monitored = false WHERE id = $1`, [
      released.id,
    ]);
    await medium.sql(`UPDATE edition SET book_id = $1 WHERE id = $2`, [bobs.id, second.id]);
    await expectCountsToMatchRecount();

    // Deletes: a file, an edition with files (they become unmapped), a book, a whole author.
    await medium.sql(`DELETE FROM book_file WHERE path = '/f/2.pdf'`);
    await medium.sql(`DELETE FROM edition WHERE id = $1`, [unmonitored.editionId]);
    await medium.sql(`DELETE FROM book WHERE id = $1`, [bobs.id]);
    await expectCountsToMatchRecount();
    await medium.sql(`UPDATE author SET monitored = false WHERE id = $1`, [ann.id]);
    await expectCountsToMatchRecount();
    await medium.sql(`DELETE FROM author WHERE id = $1`, [bob.id]);
    await expectCountsToMatchRecount();
    expect([...(await counts.statistics()).keys()]).toEqual([ann.id]);
  });

  it('a fold leaves one row per author with the same sums, and drops authors that are gone', async () => {
    const ann = await createAuthor(medium.dataSource);
    const gone = await createAuthor(medium.dataSource);
    for (let index = 0; index < 5; index++) {
      const book = await createBook(medium.dataSource, ann);
      await createBookFile(medium.dataSource, book.editionId, { size: 100 + index });
    }
    await createBook(medium.dataSource, gone);
    // An author row removed without its books' deltas (as a restore with triggers off could leave them).
    await medium.sql(`ALTER TABLE book DISABLE TRIGGER USER`);
    await medium.sql(`DELETE FROM book WHERE author_id = $1`, [gone.id]);
    await medium.sql(`ALTER TABLE book ENABLE TRIGGER USER`);
    await medium.sql(`DELETE FROM author WHERE id = $1`, [gone.id]);

    const before = (await counts.statistics()).get(ann.id);
    expect((await medium.sql(`SELECT 1 FROM author_book_count WHERE author_id = $1`, [ann.id])).length).toBeGreaterThan(
      1,
    );
    await counts.compact();
    expect(await medium.sql(`SELECT author_id FROM author_book_count`)).toEqual([{ author_id: ann.id }]);
    expect((await counts.statistics()).get(ann.id)).toEqual(before);
    await expectCountsToMatchRecount();
  });

  it('writers on books of one author at the same time neither block each other for good nor lose a delta', async () => {
    const ann = await createAuthor(medium.dataSource);
    const books = [];
    for (let index = 0; index < 8; index++) books.push(await createBook(medium.dataSource, ann));
    await Promise.all(
      books.map((book, index) =>
        medium.dataSource.transaction(async (manager) => {
          await manager.query(
            `INSERT INTO book_file (edition_id, path, size, quality_id, media_kind) VALUES ($1, $2, $3, 3, 'ebook')`,
            [book.editionId, `/c/${index}.epub`, 10 * (index + 1)],
          );
          await manager.query(`UPDATE book SET monitored = NOT monitored WHERE id = $1`, [book.id]);
        }),
      ),
    );
    await Promise.all([counts.compact(), createBook(medium.dataSource, ann), counts.compact()]);
    await expectCountsToMatchRecount();
    expect((await counts.statistics()).get(ann.id)).toMatchObject({
      totalBookCount: 9,
      bookFileCount: 8,
      sizeOnDisk: 360,
    });
  });
});
