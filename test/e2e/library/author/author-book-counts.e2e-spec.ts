import { DataSource } from 'typeorm';
import { createAuthor, createBook, createBookFile } from '../../../factories';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

const DAY = 24 * 3600 * 1000;

/**
 * Author statistics and wanted/missing's totalRecords come from trigger-kept per-author deltas (migration
 * 1763881200000); after every kind of change they must equal a plain aggregate of the same books.
 */
describe('author statistics and wanted/missing totalRecords from trigger-kept counts', () => {
  let t: TestApp;
  let db: DataSource;

  const naiveCount = async (): Promise<number> => {
    const [row] = await db.query(
      `SELECT count(*)::int AS n FROM book b JOIN author a ON a.id = b.author_id
       WHERE b.monitored AND a.monitored AND b.release_date <= now() AND b.file_count = 0`,
    );
    return row.n as number;
  };
  /** Readarr's author statistics aggregated straight from the books. */
  const naiveStatistics = async (): Promise<Record<number, object>> => {
    const rows: { authorId: number }[] = await db.query(
      `SELECT b.author_id AS "authorId", count(*)::int AS "totalBookCount",
         count(*) FILTER (WHERE (b.monitored AND b.release_date < now()) OR b.release_date IS NULL
                              OR b.file_count > 0)::int AS "bookCount",
         count(*) FILTER (WHERE b.file_count > 0)::int AS "availableBookCount",
         sum(b.file_count)::int AS "bookFileCount", sum(b.file_size)::int AS "sizeOnDisk"
       FROM book b GROUP BY b.author_id`,
    );
    return Object.fromEntries(rows.map(({ authorId, ...statistics }) => [authorId, statistics]));
  };
  const expectTotalsAgree = async (expected: number) => {
    const page = (await t.api.get('/api/v1/wanted/missing?pageSize=1000').expect(200)).body;
    expect(await naiveCount()).toBe(expected);
    expect(page.totalRecords).toBe(expected);
    expect(page.records).toHaveLength(expected);
    const authors = (await t.api.get('/api/v1/author').expect(200)).body as { id: number; statistics: object }[];
    const naive = await naiveStatistics();
    for (const author of authors) {
      const { percentOfBooks: _percent, ...statistics } = author.statistics as { percentOfBooks: number };
      expect(statistics).toEqual(
        naive[author.id] ?? { totalBookCount: 0, bookCount: 0, availableBookCount: 0, bookFileCount: 0, sizeOnDisk: 0 },
      );
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '60000' }, { fresh: true });
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  it('follows books, files, monitoring, release dates, authors and deletes', async () => {
    await expectTotalsAgree(0);
    const first = await createAuthor(db, { name: 'Mina Missing' });
    const second = await createAuthor(db, { name: 'Otto Other' });
    const past = new Date(Date.now() - 30 * DAY);
    const future = new Date(Date.now() + 30 * DAY);
    const released = [];
    for (const title of ['A', 'B', 'C']) released.push(await createBook(db, first, { title, releaseDate: past }));
    const upcoming = await createBook(db, first, { title: 'Later', releaseDate: future });
    await createBook(db, first, { title: 'Undated', releaseDate: null });
    const others = [await createBook(db, second, { title: 'X', releaseDate: past })];
    await expectTotalsAgree(4);

    await createBookFile(db, released[0].editionId, { size: 10 });
    await expectTotalsAgree(3);
    await db.query(`UPDATE book SET monitored = false WHERE id = $1`, [released[1].id]);
    await expectTotalsAgree(2);
    await db.query(`UPDATE book SET release_date = $2 WHERE id = $1`, [upcoming.id, past]);
    await expectTotalsAgree(3);
    await t.api
      .put('/api/v1/author/editor')
      .send({ authorIds: [second.id], monitored: false })
      .expect(200);
    await expectTotalsAgree(2);
    await db.query(`UPDATE book SET author_id = $1 WHERE id = $2`, [first.id, others[0].id]);
    await expectTotalsAgree(3);
    await t.api
      .put('/api/v1/book/monitor')
      .send({ bookIds: [released[1].id], monitored: true })
      .expect(200);
    await expectTotalsAgree(4);
    await t.api.delete(`/api/v1/book/${released[2].id}`).expect(200);
    await expectTotalsAgree(3);
    await db.query(`DELETE FROM book_file`);
    await expectTotalsAgree(4);
    await t.api.delete(`/api/v1/author/${first.id}`).expect(200);
    await expectTotalsAgree(0);
  });

  it('folding the deltas (Housekeeping) keeps the total and leaves one row per author', async () => {
    const author = await createAuthor(db, { name: 'Fola Fold' });
    const book = await createBook(db, author, { title: 'Folded', releaseDate: new Date(Date.now() - DAY) });
    for (let i = 0; i < 5; i++) {
      await db.query(`UPDATE book SET monitored = NOT monitored WHERE id = $1`, [book.id]);
    }
    await expectTotalsAgree(0);
    await db.query(`UPDATE book SET monitored = true WHERE id = $1`, [book.id]);
    const before = (await db.query(`SELECT count(*)::int AS n FROM author_book_count`))[0].n as number;
    expect(before).toBeGreaterThan(1);
    expect((await runCommand(t, 'Housekeeping')).status).toBe('completed');
    expect(await db.query(`SELECT author_id, missing_candidates FROM author_book_count`)).toEqual([
      { author_id: author.id, missing_candidates: 1 },
    ]);
    await expectTotalsAgree(1);
  });
});
