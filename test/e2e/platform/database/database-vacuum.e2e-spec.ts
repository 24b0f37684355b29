import { DataSource } from 'typeorm';
import { AuthorBookCountRepository } from '../../../../src/library/author/author-book-count.repository';
import { DatabaseServer } from '../../../../src/platform/database/database-server';
import { createAuthor, createBook } from '../../../factories';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { waitFor } from '../../../utils/wait-for';

/**
 * Dead rows are reclaimed even where nothing vacuums in the background: the embedded database never
 * autovacuums, and a server may have autovacuum off (this machine's test server has).
 */
describe('database vacuum', () => {
  let t: TestApp;
  let db: DataSource;

  const vacuumCount = async (table: string): Promise<number> => {
    const [row] = await db.query(`SELECT vacuum_count::int AS n FROM pg_stat_user_tables WHERE relname = $1`, [table]);
    return row.n as number;
  };
  const vacuumedSince = (table: string, before: number) =>
    waitFor(async () => (await vacuumCount(table)) > before, `${table} vacuumed`, 5_000);

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '60000' }, { fresh: true });
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  it('folding the author counts vacuums their table, leaving no dead rows for readers to step over', async () => {
    const author = await createAuthor(db, { name: 'Vera Vacuum' });
    const book = await createBook(db, author, { title: 'Dead Rows', releaseDate: new Date(Date.now() - 86_400_000) });
    for (let i = 0; i < 6; i++) await db.query(`UPDATE book SET monitored = NOT monitored WHERE id = $1`, [book.id]);
    const before = await vacuumCount('author_book_count');

    await t.app.get(AuthorBookCountRepository).compact();

    await vacuumedSince('author_book_count', before);
    expect(await db.query(`SELECT author_id, missing_candidates FROM author_book_count`)).toEqual([
      { author_id: author.id, missing_candidates: 1 },
    ]);
  });

  it('Housekeeping vacuums every table when no autovacuum runs, and leaves it to autovacuum otherwise', async () => {
    const autovacuum = await t.app.get(DatabaseServer).autovacuumRuns();
    const before = await vacuumCount('history');

    const command = await runCommand(t, 'Housekeeping');

    expect(command.status).toBe('completed');
    if (autovacuum) {
      expect(await vacuumCount('history')).toBe(before);
    } else {
      await vacuumedSince('history', before);
      expect(await vacuumCount('book')).toBeGreaterThan(0);
    }
  });

  it('the embedded database is known not to autovacuum, whatever its setting says', async () => {
    const [row] = await db.query(`SELECT version() AS version`);
    const embedded = /PGlite/.test(row.version as string);
    expect(await t.app.get(DatabaseServer).isEmbedded()).toBe(embedded);
    if (embedded) expect(await t.app.get(DatabaseServer).autovacuumRuns()).toBe(false);
  });
});
