import { LibraryVersionRepository } from '../../../../src/library/library-cache/library-version.repository';
import { DatabaseServer } from '../../../../src/platform/database/database-server';
import { PreparedStatements } from '../../../../src/platform/database/prepared-statements';
import { createAuthor, createBook, createBookFile, createSeries, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

/**
 * The library version on PostgreSQL: every statement that writes a library table appends a change row (in its
 * own transaction) naming the books whose wire form it may have changed, so caches know when and what to
 * rebuild; folds shrink the table without changing any reader's sum.
 */
describe('library version (medium)', () => {
  let medium: Medium;
  let versions: LibraryVersionRepository;

  beforeAll(async () => {
    medium = await newMediumService({
      providers: [LibraryVersionRepository, PreparedStatements, DatabaseServer],
      tables: ['author_metadata', 'author', 'book', 'edition', 'book_file', 'series', 'series_book_link', 'config'],
    });
    await ensureProfiles(medium.dataSource);
    versions = medium.get(LibraryVersionRepository);
  });
  afterAll(() => medium.close());
  beforeEach(async () => {
    await medium.resetTables();
    await medium.sql(`DELETE FROM library_change`);
  });

  /** The books named by the change rows appended since `since` (a version), as sorted id lists; null = unknown. */
  async function changesAfter(count: number): Promise<(number[] | null)[]> {
    const { changes } = await versions.readWithChanges();
    return changes
      .sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)))
      .slice(count)
      .map((change) => change.bookIds);
  }
  const changeCount = async () => (await versions.readWithChanges()).changes.length;

  it('each library write moves the version and names the books it touched; other tables and rollbacks do not', async () => {
    const start = (await versions.read()).version;
    const author = await createAuthor(medium.dataSource);
    const one = await createBook(medium.dataSource, author);
    const two = await createBook(medium.dataSource, author);
    const afterBooks = (await versions.read()).version;
    expect(afterBooks).toBeGreaterThan(start);

    let seen = await changeCount();
    await medium.sql(`UPDATE author SET monitored = false WHERE id = $1`, [author.id]);
    await medium.sql(`UPDATE edition SET title = 'x' WHERE book_id = $1`, [two.id]);
    await createBookFile(medium.dataSource, one.editionId); // moves book.file_count
    await createSeries(medium.dataSource, 'Saga', [{ bookId: one.id }]);
    expect(await changesAfter(seen)).toEqual([[one.id, two.id], [two.id], [one.id], [], [one.id]]);

    seen = await changeCount();
    const version = (await versions.read()).version;
    await medium.sql(`INSERT INTO config (key, value) VALUES ('k', '1')`);
    await medium.dataSource
      .transaction(async (manager) => {
        await manager.query(`UPDATE book SET title = 'rolled back' WHERE id = $1`, [one.id]);
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect((await versions.read()).version).toBe(version);
    expect(await changeCount()).toBe(seen);

    await medium.sql(`TRUNCATE series_book_link`);
    expect(await changesAfter(seen)).toEqual([null]);
  });

  it('answers the next release date after now, for answers that change when a book comes out', async () => {
    const author = await createAuthor(medium.dataSource);
    const soon = new Date(Date.now() + 3_600_000);
    await createBook(medium.dataSource, author, { releaseDate: new Date(Date.now() + 86_400_000) });
    await createBook(medium.dataSource, author, { releaseDate: soon });
    await createBook(medium.dataSource, author, { releaseDate: new Date('2001-01-01T00:00:00Z') });
    const reading = await versions.read();
    expect(reading.nextRelease).toBe(soon.getTime());
    expect(Math.abs(reading.now - Date.now())).toBeLessThan(60_000);
  });

  it('a fold keeps the version and the union of the books; an unknown change keeps it unknown', async () => {
    const author = await createAuthor(medium.dataSource);
    const one = await createBook(medium.dataSource, author);
    const two = await createBook(medium.dataSource, author);
    await medium.sql(`UPDATE book SET title = title WHERE id = $1`, [one.id]);
    const before = await versions.read();

    await versions.fold();
    const folded = await versions.readWithChanges();
    expect(folded.version).toBe(before.version);
    expect(folded.changes).toHaveLength(1);
    expect(folded.changes[0].bookIds).toEqual([one.id, two.id]);

    await medium.sql(`TRUNCATE series_book_link`);
    await Promise.all([versions.fold(), versions.fold()]);
    const again = await versions.readWithChanges();
    expect(again.version).toBe(before.version + 1n);
    expect(again.changes.map((change) => change.bookIds)).toEqual([null]);
  });

  it('a fold running beside writers counts each change once', async () => {
    const author = await createAuthor(medium.dataSource);
    const before = (await versions.read()).version;
    await createBook(medium.dataSource, author);
    const perBook = (await versions.read()).version - before;
    expect(perBook).toBeGreaterThan(0n);

    const start = (await versions.read()).version;
    const writes = Array.from({ length: 10 }, () => createBook(medium.dataSource, author));
    await Promise.all([...writes, versions.fold(), versions.fold(), versions.fold()]);
    expect((await versions.read()).version - start).toBe(10n * perBook);
  });
});
