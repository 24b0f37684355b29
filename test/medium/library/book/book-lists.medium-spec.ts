import { BookFileRepository } from '../../../../src/library/book-file/book-file.repository';
import { cutoffSets } from '../../../../src/library/book-file/quality-cutoff';
import { Book } from '../../../../src/library/book/book.entity';
import {
  BOOK_PAGE_SORT_COLUMNS,
  type BookPageRequest,
  BookRepository,
  type WantedPage,
} from '../../../../src/library/book/book.repository';
import { Edition } from '../../../../src/library/book/edition.entity';
import type { QualityProfile } from '../../../../src/library/profile/quality-profile/quality-profile.entity';
import { QUALITY_IDS } from '../../../../src/library/profile/quality/quality';
import { DatabaseServer } from '../../../../src/platform/database/database-server';
import { PreparedStatements } from '../../../../src/platform/database/prepared-statements';
import {
  createAuthor,
  createBook,
  createBookFile,
  createEdition,
  createSeries,
  ensureProfiles,
} from '../../../factories';
import { Medium, newMediumService } from '../../medium';

/**
 * The book lists on PostgreSQL: wanted/missing and wanted/cutoff pages with their counts, the paged listing's
 * filters, sorts and stable pages, the projected row of a book, keyset batches, and the writes beside them.
 */
describe('book lists (medium)', () => {
  let medium: Medium;
  let books: BookRepository;
  const wanted = (overrides: Partial<WantedPage> = {}): WantedPage => ({
    sortColumn: 'b.id',
    ascending: true,
    limit: 10,
    offset: 0,
    monitored: true,
    ...overrides,
  });
  const paged = (overrides: Partial<BookPageRequest> = {}): BookPageRequest => ({
    filter: {},
    sortColumn: BOOK_PAGE_SORT_COLUMNS.title,
    descending: false,
    limit: 50,
    offset: 0,
    ...overrides,
  });
  const titles = async (request: BookPageRequest) => {
    const { rows, total } = await books.findPage(request);
    return { titles: rows.map((row) => row.title), total };
  };

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [Book, Edition],
      providers: [BookRepository, BookFileRepository, PreparedStatements, DatabaseServer],
      tables: [
        'quality_profile',
        'metadata_profile',
        'author_metadata',
        'author',
        'book',
        'edition',
        'book_file',
        'series',
        'series_book_link',
      ],
    });
    books = medium.get(BookRepository);
  });
  afterAll(() => medium.close());
  // The expectations depend on the profile's qualities: this file's own, not one another file left behind.
  beforeEach(async () => {
    await medium.resetTables();
    await ensureProfiles(medium.dataSource);
  });

  it('wanted/missing: released, monitored books without a file, paged and sorted; its count agrees', async () => {
    const author = await createAuthor(medium.dataSource, { name: 'Ann Author' });
    const old = await createBook(medium.dataSource, author, { title: 'Beta', releaseDate: new Date('2001-01-01') });
    const newer = await createBook(medium.dataSource, author, { title: 'Alpha', releaseDate: new Date('2010-01-01') });
    const owned = await createBook(medium.dataSource, author, { title: 'Owned' });
    await createBookFile(medium.dataSource, owned.editionId);
    await createBook(medium.dataSource, author, { title: 'Future', releaseDate: new Date('2999-01-01') });
    const unmonitored = await createBook(medium.dataSource, author, { title: 'Ignored', monitored: false });
    const resting = await createAuthor(medium.dataSource, { name: 'Resting', monitored: false });
    const restingBook = await createBook(medium.dataSource, resting, { title: 'Resting book' });

    expect((await books.findMissing(wanted())).map((row) => row.id)).toEqual([old.id, newer.id]);
    expect((await books.findMissing(wanted({ sortColumn: 'b.title' }))).map((row) => row.title)).toEqual([
      'Alpha',
      'Beta',
    ]);
    expect((await books.findMissing(wanted({ ascending: false }))).map((row) => row.id)).toEqual([newer.id, old.id]);
    expect((await books.findMissing(wanted({ limit: 1, offset: 1 }))).map((row) => row.id)).toEqual([newer.id]);
    expect(await books.countMissing(wanted())).toBe(2);
    // The unmonitored view: a monitored book of an unmonitored author counts there.
    expect((await books.findMissing(wanted({ monitored: false }))).map((row) => row.id)).toEqual([
      unmonitored.id,
      restingBook.id,
    ]);
    expect(await books.countMissing(wanted({ monitored: false }))).toBe(2);
  });

  it('wanted/cutoff: a book whose files are all below the profile cutoff of their media kind', async () => {
    const author = await createAuthor(medium.dataSource);
    const below = await createBook(medium.dataSource, author, { title: 'PDF only' });
    await createBookFile(medium.dataSource, below.editionId, { qualityId: QUALITY_IDS.pdf, path: '/b/1.pdf' });
    const met = await createBook(medium.dataSource, author, { title: 'Has EPUB' });
    await createBookFile(medium.dataSource, met.editionId, { qualityId: QUALITY_IDS.pdf, path: '/b/2.pdf' });
    await createBookFile(medium.dataSource, met.editionId, { qualityId: QUALITY_IDS.epub, path: '/b/2.epub' });
    const profiles = await medium.sql<QualityProfile>(
      `SELECT id, cutoff, true AS "upgradeAllowed", items FROM quality_profile`,
    );
    const cutoffs = profiles.map((profile) => cutoffSets(profile, true));

    expect((await books.findCutoffUnmet(wanted(), cutoffs)).map((row) => row.id)).toEqual([below.id]);
    expect(await books.countCutoffUnmet(wanted(), cutoffs)).toBe(1);
    expect(await books.countCutoffUnmet(wanted(), [])).toBe(0);
  });

  it('the paged listing filters by author, monitored, missing and title text (literal, any case)', async () => {
    const ann = await createAuthor(medium.dataSource, { name: 'Ann' });
    const bob = await createAuthor(medium.dataSource, { name: 'Bob' });
    await createBook(medium.dataSource, ann, { title: 'Émile and the 50% Club' });
    const owned = await createBook(medium.dataSource, ann, { title: 'Owned 500 Club' });
    await createBookFile(medium.dataSource, owned.editionId);
    await createBook(medium.dataSource, bob, { title: 'Unwatched', monitored: false });

    // (Compared as a set: where "É" sorts depends on the database's collation.)
    const annsBooks = await titles(paged({ filter: { authorId: ann.id } }));
    expect([annsBooks.titles.sort(), annsBooks.total]).toEqual([
      ['Owned 500 Club', 'Émile and the 50% Club'].sort(),
      2,
    ]);
    expect((await titles(paged({ filter: { term: '50%' } }))).titles).toEqual(['Émile and the 50% Club']);
    expect((await titles(paged({ filter: { term: 'ÉMILE' } }))).titles).toEqual(['Émile and the 50% Club']);
    expect((await titles(paged({ filter: { missing: false } }))).titles).toEqual(['Owned 500 Club']);
    expect((await titles(paged({ filter: { monitored: false } }))).titles).toEqual(['Unwatched']);
    expect(await titles(paged({ filter: { missing: true, monitored: true, authorId: bob.id } }))).toEqual({
      titles: [],
      total: 0,
    });
  });

  it('the paged listing sorts (undated books last either way), breaks ties by id, and pages without gaps', async () => {
    const zed = await createAuthor(medium.dataSource, { name: 'Zed Zulu' });
    const abe = await createAuthor(medium.dataSource, { name: 'Abe Young' });
    await createBook(medium.dataSource, zed, { title: 'Same', releaseDate: new Date('2001-01-01') });
    await createBook(medium.dataSource, abe, { title: 'Same', releaseDate: null });
    await createBook(medium.dataSource, zed, { title: 'Other', releaseDate: new Date('2005-01-01') });
    await createBook(medium.dataSource, abe, { title: 'Last', releaseDate: new Date('1990-01-01') });

    const byDate = (descending: boolean) =>
      titles(paged({ sortColumn: BOOK_PAGE_SORT_COLUMNS.releaseDate, descending })).then((page) => page.titles);
    expect(await byDate(false)).toEqual(['Last', 'Same', 'Other', 'Same']);
    expect(await byDate(true)).toEqual(['Other', 'Same', 'Last', 'Same']);
    const byAuthor = await books.findPage(paged({ sortColumn: BOOK_PAGE_SORT_COLUMNS.authorName }));
    expect(byAuthor.rows.map((row) => row.authorId)).toEqual([abe.id, abe.id, zed.id, zed.id]);

    const seen: number[] = [];
    for (let offset = 0; offset < 4; offset += 3)
      seen.push(...(await books.findPage(paged({ limit: 3, offset }))).rows.map((row) => row.id));
    expect(new Set(seen).size).toBe(4);
  });

  it("a row carries the monitored edition's title, its series in order, files and wire dates", async () => {
    const author = await createAuthor(medium.dataSource, { name: 'Ann Author' });
    const book = await createBook(medium.dataSource, author, {
      title: 'Book title',
      releaseDate: new Date('2001-02-03T04:05:06Z'),
      edition: { title: 'Edition title', pageCount: 321 },
    });
    await createSeries(medium.dataSource, 'Second', [{ bookId: book.id, position: '', seriesPosition: 2 }]);
    await createSeries(medium.dataSource, 'First', [{ bookId: book.id, position: '1', seriesPosition: 1 }]);
    await createBookFile(medium.dataSource, book.editionId, { size: 1000 });
    const other = await createEdition(medium.dataSource, book.id);
    await createBookFile(medium.dataSource, other.id, { size: 24 });

    const [row] = await books.findRowsById(book.id);
    expect(row).toMatchObject({
      title: 'Edition title',
      seriesTitle: 'First #1; Second',
      pageCount: 321,
      fileCount: 2,
      sizeOnDisk: '1024',
      releaseDate: '2001-02-03T04:05:06Z',
      authorSortNameLastFirst: 'author, ann',
    });
    expect(JSON.parse(row.genres)).toEqual([]);
  });

  it('keyset batches cover every book once; switching the monitored edition keeps one monitored', async () => {
    const author = await createAuthor(medium.dataSource);
    const ids: number[] = [];
    for (let index = 0; index < 7; index++) ids.push((await createBook(medium.dataSource, author)).id);
    const seen: number[] = [];
    for (let after = 0, batch; (batch = await books.findRowsAfter(after, 3)).length; after = batch[batch.length - 1].id)
      seen.push(...batch.map((row) => row.id));
    expect(seen).toEqual(ids);

    const [book] = await medium.dataSource.getRepository(Book).findBy({ id: ids[0] });
    const second = await createEdition(medium.dataSource, book.id, { title: 'Second' });
    await books.saveMonitoringEdition(book, second.id);
    expect(await medium.sql(`SELECT title FROM edition WHERE book_id = $1 AND monitored`, [book.id])).toEqual([
      { title: 'Second' },
    ]);
  });

  it('deleting a book takes its file rows and answers their paths', async () => {
    const author = await createAuthor(medium.dataSource);
    const book = await createBook(medium.dataSource, author);
    const file = await createBookFile(medium.dataSource, book.editionId);
    const other = await createBook(medium.dataSource, author);
    await createBookFile(medium.dataSource, other.editionId);
    expect(await books.deleteWithFiles(book.id)).toEqual([file.path]);
    expect(await medium.sql(`SELECT count(*)::int AS n FROM book_file`)).toEqual([{ n: 1 }]);
    expect(await medium.sql(`SELECT id FROM book`)).toEqual([{ id: other.id }]);
  });

  it('deleting a book keeping its files unlinks their rows (edition_id NULL) and answers their ids', async () => {
    const author = await createAuthor(medium.dataSource);
    const book = await createBook(medium.dataSource, author);
    const file = await createBookFile(medium.dataSource, book.editionId);
    const other = await createBook(medium.dataSource, author);
    const otherFile = await createBookFile(medium.dataSource, other.editionId);
    expect(await books.deleteKeepingFiles(book.id)).toEqual([file.id]);
    expect(await medium.sql(`SELECT id, edition_id AS "editionId" FROM book_file ORDER BY id`)).toEqual([
      { id: file.id, editionId: null },
      { id: otherFile.id, editionId: other.editionId },
    ]);
    expect(await medium.sql(`SELECT id FROM book`)).toEqual([{ id: other.id }]);
  });
});
