import { HistoryEntry } from '../../../../src/acquisition/history/history.entity';
import {
  HISTORY_SORT_COLUMNS,
  HistoryRepository,
  type NewHistoryEntry,
} from '../../../../src/acquisition/history/history.repository';
import { EntityHistoryEventType } from '../../../../src/acquisition/history/history.resource';
import type { PagingSpec } from '../../../../src/platform/common/paging/paging';
import { DatabaseServer } from '../../../../src/platform/database/database-server';
import { PreparedStatements } from '../../../../src/platform/database/prepared-statements';
import { createAuthor, createBook, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

const EPUB = { quality: { id: 3, name: 'EPUB' }, revision: { version: 1, real: 0, isRepack: false } };
const GRABBED = EntityHistoryEventType.toNumber('grabbed');
const IMPORTED = EntityHistoryEventType.toNumber('bookFileImported');
const FAILED = EntityHistoryEventType.toNumber('downloadFailed');

function spec(sortKey: string, overrides: Partial<PagingSpec> = {}): PagingSpec {
  return {
    page: 1,
    pageSize: 10,
    sortKey,
    sortColumn: HISTORY_SORT_COLUMNS[sortKey],
    sortDirection: 'descending',
    offset: 0,
    ...overrides,
  };
}

/**
 * History pages on PostgreSQL: one query for a page, its total (from the trigger-kept per-type counts when only
 * the type filters, else counted) and each row's author profile; sorts that join the author or book; filters.
 */
describe('history pages (medium)', () => {
  let medium: Medium;
  let history: HistoryRepository;

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [HistoryEntry],
      providers: [HistoryRepository, PreparedStatements, DatabaseServer],
      tables: [
        'quality_profile',
        'metadata_profile',
        'history',
        'history_event_count',
        'author_metadata',
        'author',
        'book',
        'edition',
      ],
    });
    history = medium.get(HistoryRepository);
  });
  afterAll(() => medium.close());
  // The expectations depend on the profile's qualities: this file's own, not one another file left behind.
  beforeEach(async () => {
    await medium.resetTables();
    await ensureProfiles(medium.dataSource);
  });

  const row = (authorId: number, eventType: number, sourceTitle: string, extra: Partial<NewHistoryEntry> = {}) => ({
    authorId,
    bookId: null,
    sourceTitle,
    quality: EPUB,
    downloadId: null,
    eventType,
    data: {},
    ...extra,
  });
  const titles = async (filter: Parameters<HistoryRepository['pageWithProfiles']>[0], page: PagingSpec) => {
    const { rows, total } = await history.pageWithProfiles(filter, page);
    return [rows.map((entry) => entry.sourceTitle), total];
  };

  it('pages newest first with an exact total, on the first page and later ones, filtered by type or not', async () => {
    const author = await createAuthor(medium.dataSource);
    for (const [index, type] of [GRABBED, IMPORTED, GRABBED, FAILED, GRABBED].entries())
      await history.record([row(author.id, type, `r${index}`)]);

    expect(await titles({}, spec('date', { pageSize: 2 }))).toEqual([['r4', 'r3'], 5]);
    expect(await titles({}, spec('date', { pageSize: 2, offset: 2 }))).toEqual([['r2', 'r1'], 5]);
    expect(await titles({ eventTypes: [GRABBED] }, spec('date', { pageSize: 2, offset: 2 }))).toEqual([['r0'], 3]);
    expect(await titles({ eventTypes: [GRABBED, FAILED] }, spec('date', { sortDirection: 'ascending' }))).toEqual([
      ['r0', 'r2', 'r3', 'r4'],
      4,
    ]);
    // Past the end: no rows, still the total.
    expect(await titles({ eventTypes: [IMPORTED] }, spec('date', { offset: 10 }))).toEqual([[], 1]);
  });

  it('the per-type totals follow deletes, also those cascading from a deleted author or book', async () => {
    const author = await createAuthor(medium.dataSource);
    const other = await createAuthor(medium.dataSource);
    const book = await createBook(medium.dataSource, other);
    await history.record([row(author.id, GRABBED, 'a'), row(other.id, GRABBED, 'b', { bookId: book.id })]);
    await history.record([row(other.id, IMPORTED, 'c'), row(author.id, IMPORTED, 'd')]);

    await medium.sql(`DELETE FROM book WHERE id = $1`, [book.id]);
    expect(await history.count({ eventTypes: [GRABBED] })).toBe(1);
    await medium.sql(`DELETE FROM author WHERE id = $1`, [other.id]);
    expect(await history.count({})).toBe(2);
    expect(await titles({}, spec('date'))).toEqual([['d', 'a'], 2]);
    await medium.sql(`UPDATE history SET event_type = $1 WHERE source_title = 'd'`, [FAILED]);
    expect([await history.count({ eventTypes: [IMPORTED] }), await history.count({ eventTypes: [FAILED] })]).toEqual([
      0, 1,
    ]);
  });

  it("sorts by the author's sort name and the book's title (rows without a book last), ties by id", async () => {
    const zed = await createAuthor(medium.dataSource, { name: 'Zed Zulu' });
    const abe = await createAuthor(medium.dataSource, { name: 'Abe Young' });
    const book = await createBook(medium.dataSource, abe, { title: 'Middle' });
    const early = await createBook(medium.dataSource, zed, { title: 'Alpha' });
    await history.record([
      row(zed.id, GRABBED, 'z1', { bookId: early.id }),
      row(abe.id, GRABBED, 'a1', { bookId: book.id }),
    ]);
    await history.record([row(zed.id, GRABBED, 'z2')]);

    expect((await titles({}, spec('authorMetadata.sortName', { sortDirection: 'ascending' })))[0]).toEqual([
      'a1',
      'z1',
      'z2',
    ]);
    expect((await titles({}, spec('books.title', { sortDirection: 'ascending' })))[0]).toEqual(['z1', 'a1', 'z2']);
  });

  it("filters by book, author, download id and time; each row carries its author's quality profile", async () => {
    const author = await createAuthor(medium.dataSource);
    const book = await createBook(medium.dataSource, author);
    await history.record([
      row(author.id, GRABBED, 'grab', { bookId: book.id, downloadId: 'HASH' }),
      row(author.id, IMPORTED, 'import', { downloadId: 'hash' }),
    ]);
    await medium.sql(`UPDATE history SET date = now() - interval '2 days' WHERE source_title = 'grab'`);

    expect(await titles({ bookId: book.id }, spec('date'))).toEqual([['grab'], 1]);
    expect(await titles({ downloadId: 'HASH' }, spec('date'))).toEqual([['grab'], 1]);
    expect(await titles({ since: new Date(Date.now() - 86_400_000) }, spec('date'))).toEqual([['import'], 1]);
    expect((await history.list({ authorId: author.id })).map((entry) => entry.sourceTitle)).toEqual(['import', 'grab']);

    const { rows } = await history.pageWithProfiles({}, spec('date'));
    expect(rows[0].profileCutoff).toBe(3);
    expect(rows[0].profileItems?.length).toBeGreaterThan(0);
    const profiles = await history.authorCutoffProfiles([author.id, author.id + 1]);
    expect([...profiles.keys()]).toEqual([author.id]);
    expect(await history.authorCutoffProfiles([])).toEqual(new Map());
  });
});
