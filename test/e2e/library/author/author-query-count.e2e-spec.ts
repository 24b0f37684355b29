import { DataSource } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { createAuthor, createBook, createBookFile, createSeries } from '../../../factories';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

/**
 * Listing N authors (or books) must issue a number of SQL queries independent of N: statistics,
 * next/last books and root folders come from set-based queries, never one per row.
 * Every query TypeORM sends goes through PostgresQueryRunner.query, which we count.
 */
describe('query count of whole-library lists', () => {
  let t: TestApp;
  let db: DataSource;
  let seen: string[] = [];
  let spy: jest.SpyInstance;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '60000' });
    db = t.app.get(DataSource);
    const original = PostgresQueryRunner.prototype.query;
    spy = jest.spyOn(PostgresQueryRunner.prototype, 'query').mockImplementation(function (
      this: PostgresQueryRunner,
      ...args: Parameters<PostgresQueryRunner['query']>
    ) {
      seen.push(args[0]);
      return original.apply(this, args);
    });
  });
  afterAll(async () => {
    spy.mockRestore();
    await t.close();
  });

  /** Seeds n authors with 2 books each (one with a file, one in a series). */
  async function seed(n: number) {
    for (let i = 0; i < n; i++) {
      const author = await createAuthor(db, { name: `Counted Author ${n}-${i}` });
      const past = await createBook(db, author, { releaseDate: new Date('2010-01-01') });
      const future = await createBook(db, author, { releaseDate: new Date(Date.now() + 86400000) });
      await createBookFile(db, past.editionId);
      await createSeries(db, `Series ${n}-${i}`, [{ bookId: future.id, position: '1' }]);
    }
  }

  /**
   * Queries issued while serving one request; background pollers' queries are left out, and so is the
   * library version read that every whole-library list starts with (a constant one).
   */
  async function countQueries(path: string, expectedLength: number): Promise<number> {
    seen = [];
    const response = await t.api.get(path).expect(200);
    expect(response.body).toHaveLength(expectedLength);
    return seen.filter((text) => !/\bcommand\b|scheduled_task|library_change/i.test(text)).length;
  }

  it('GET /author issues the same number of queries for 3 and for 30 authors', async () => {
    await t.api.get('/api/v1/author').expect(200); // one-time work (asking the server's version) out of the count
    await seed(3);
    const few = await countQueries('/api/v1/author', 3);
    await seed(27);
    const many = await countQueries('/api/v1/author', 30);
    expect(few).toBeGreaterThan(0);
    expect(many).toBe(few);
    expect(many).toBeLessThanOrEqual(5);

    const fewBooks = await countQueries('/api/v1/book?bookIds=1,2,3', 3);
    const allBooks = await countQueries('/api/v1/book', 60);
    expect(allBooks).toBe(fewBooks);
    expect(allBooks).toBe(1);
  });
});
