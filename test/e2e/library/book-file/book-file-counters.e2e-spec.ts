import { DataSource } from 'typeorm';
import { createAuthor, createBook, createBookFile } from '../../../factories';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

/**
 * Author statistics and wanted/missing read per-book file totals kept by triggers on book_file and
 * edition: they must follow every way a file or edition changes.
 */
describe('per-book file totals (author statistics, wanted/missing)', () => {
  let t: TestApp;
  let db: DataSource;
  let authorId: number;
  let books: { id: number; editionId: number }[];

  const stats = async () => (await t.api.get(`/api/v1/author/${authorId}`).expect(200)).body.statistics;
  const missing = async () =>
    ((await t.api.get('/api/v1/wanted/missing?pageSize=50').expect(200)).body.records as { id: number }[])
      .map((record) => record.id)
      .sort((a, b) => a - b);
  const stored = async () =>
    db.query(
      `SELECT b.id, b.file_count AS "fileCount", b.file_size::int AS "fileSize",
              (SELECT count(*)::int FROM book_file f JOIN edition e ON e.id = f.edition_id WHERE e.book_id = b.id) AS "real"
       FROM book b ORDER BY b.id`,
    );

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '60000' });
    db = t.app.get(DataSource);
    const author = await createAuthor(db, { name: 'Carla Counter' });
    authorId = author.id;
    const past = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    books = [];
    for (const title of ['One', 'Two', 'Three']) books.push(await createBook(db, author, { title, releaseDate: past }));
  });
  afterAll(() => t.close());

  it('inserts and size updates', async () => {
    await createBookFile(db, books[0].editionId, { size: 100 });
    const second = await createBookFile(db, books[0].editionId, { size: 50 });
    await createBookFile(db, books[1].editionId, { size: 7 });
    expect(await stats()).toMatchObject({
      bookFileCount: 3,
      availableBookCount: 2,
      totalBookCount: 3,
      sizeOnDisk: 157,
    });
    expect(await missing()).toEqual([books[2].id]);
    await db.query(`UPDATE book_file SET size = 60 WHERE id = $1`, [second.id]);
    expect((await stats()).sizeOnDisk).toBe(167);
  });

  it('moving a file to another edition, unlinking and deleting it', async () => {
    const [file] = await db.query(`SELECT id FROM book_file WHERE size = 7`);
    await db.query(`UPDATE book_file SET edition_id = $1 WHERE id = $2`, [books[2].editionId, file.id]);
    expect(await missing()).toEqual([books[1].id]);
    await db.query(`UPDATE book_file SET edition_id = NULL WHERE id = $1`, [file.id]);
    expect(await missing()).toEqual([books[1].id, books[2].id]);
    expect(await stats()).toMatchObject({ bookFileCount: 2, availableBookCount: 1, sizeOnDisk: 160 });
    await db.query(`DELETE FROM book_file WHERE id = $1`, [file.id]);
    expect((await stats()).bookFileCount).toBe(2);
  });

  it('an edition moved to another book, then deleted (its files are unlinked)', async () => {
    await db.query(`UPDATE edition SET book_id = $1, monitored = false WHERE id = $2`, [
      books[1].id,
      books[0].editionId,
    ]);
    for (const row of await stored()) expect(row.fileCount).toBe(row.real);
    expect(await missing()).toEqual([books[0].id, books[2].id]);
    await db.query(`DELETE FROM edition WHERE id = $1`, [books[0].editionId]);
    for (const row of await stored()) expect(row.fileCount).toBe(row.real);
    expect(await stats()).toMatchObject({ bookFileCount: 0, availableBookCount: 0, sizeOnDisk: 0 });
  });

  it('a deleted book takes its files with it, and a truncate of book_file resets every book', async () => {
    await createBookFile(db, books[2].editionId, { size: 5 });
    await createBookFile(db, books[1].editionId, { size: 5 });
    await t.api.delete(`/api/v1/book/${books[2].id}`).expect(200);
    expect(await stats()).toMatchObject({ bookFileCount: 1, totalBookCount: 2 });
    await db.query(`TRUNCATE book_file`);
    for (const row of await stored()) expect(row.fileCount).toBe(0);
    expect((await stats()).bookFileCount).toBe(0);
  });
});
