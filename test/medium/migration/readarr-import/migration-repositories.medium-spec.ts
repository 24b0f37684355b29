import { BlocklistEntry } from '../../../../src/acquisition/blocklist/blocklist.entity';
import { BlocklistRepository } from '../../../../src/acquisition/blocklist/blocklist.repository';
import { HistoryEntry } from '../../../../src/acquisition/history/history.entity';
import { historyKey, HistoryRepository } from '../../../../src/acquisition/history/history.repository';
import { Author } from '../../../../src/library/author/author.entity';
import { AuthorMetadata } from '../../../../src/library/author/author-metadata.entity';
import { AuthorRepository } from '../../../../src/library/author/author.repository';
import { BookFile } from '../../../../src/library/book-file/book-file.entity';
import { BookFileRepository } from '../../../../src/library/book-file/book-file.repository';
import { Book } from '../../../../src/library/book/book.entity';
import { BookRecordRepository } from '../../../../src/library/book/book-record.repository';
import { Edition } from '../../../../src/library/book/edition.entity';
import { RematchReportEntity } from '../../../../src/migration/readarr-import/rematch/rematch-report.entity';
import { RematchRepository } from '../../../../src/migration/readarr-import/rematch/rematch.repository';
import { MigrationReportEntity } from '../../../../src/migration/readarr-import/report/migration-report.entity';
import { MigrationReportRepository } from '../../../../src/migration/readarr-import/report/migration-report.repository';
import { DatabaseServer } from '../../../../src/platform/database/database-server';
import { PreparedStatements } from '../../../../src/platform/database/prepared-statements';
import { TransactionRunner } from '../../../../src/platform/database/transaction';
import { createAuthor, createBook, createBookFile, createEdition, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

const RATINGS = { votes: 1, value: 4.5, popularity: 0.1 };

/**
 * The Readarr migration's reads and bulk writes on PostgreSQL, through the repositories that own the tables: rows
 * inserted from column arrays
 * (ids in input order, jsonb and arrays intact), lookups by identity across chunk boundaries, the keys that keep
 * history and blocklist rows from being added twice, the re-match's id rewrite, and the stored reports.
 */
describe('migration repositories (medium)', () => {
  let medium: Medium;
  let transactions: TransactionRunner;
  let authors: AuthorRepository;
  let books: BookRecordRepository;
  let bookFiles: BookFileRepository;
  let history: HistoryRepository;
  let blocklist: BlocklistRepository;
  let profiles: { qualityProfileId: number; metadataProfileId: number };

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [
        Author,
        AuthorMetadata,
        Book,
        Edition,
        BookFile,
        HistoryEntry,
        BlocklistEntry,
        MigrationReportEntity,
        RematchReportEntity,
      ],
      providers: [
        AuthorRepository,
        BookRecordRepository,
        BookFileRepository,
        HistoryRepository,
        BlocklistRepository,
        PreparedStatements,
        DatabaseServer,
        RematchRepository,
        MigrationReportRepository,
      ],
      tables: [
        'author_metadata',
        'author',
        'book',
        'edition',
        'book_file',
        'history',
        'blocklist',
        'migration_report',
        'metadata_rematch_report',
      ],
    });
    profiles = await ensureProfiles(medium.dataSource);
    transactions = medium.get(TransactionRunner);
    authors = medium.get(AuthorRepository);
    books = medium.get(BookRecordRepository);
    bookFiles = medium.get(BookFileRepository);
    history = medium.get(HistoryRepository);
    blocklist = medium.get(BlocklistRepository);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  it('inserts rows of any entity from column arrays: ids in input order, jsonb, arrays, nulls and Unicode intact', async () => {
    const metadataIds = await transactions.run((tx) =>
      authors.insertManyMetadata(tx, [
        { foreignAuthorId: 'OL1A', titleSlug: 'a', name: 'Stanisław Lem', sortName: 'lem', ratings: RATINGS },
        { foreignAuthorId: 'OL2A', titleSlug: 'b', name: '村上春樹', sortName: '村上', ratings: RATINGS },
      ]),
    );
    const authorIds = await transactions.run((tx) =>
      authors.insertMany(
        tx,
        metadataIds.map((authorMetadataId, index) => ({
          authorMetadataId,
          cleanName: `author${index}`,
          path: `/books/${index}`,
          ...profiles,
          tags: index ? [] : [3, 1],
          added: new Date('2020-01-01T00:00:00Z'),
          addOptions: null,
        })),
      ),
    );
    const bookIds = await transactions.run((tx) =>
      books.insertMany(tx, [
        {
          authorId: authorIds[1],
          authorMetadataId: metadataIds[1],
          foreignBookId: 'OL1W',
          titleSlug: 'OL1W',
          title: 'ノルウェイの森',
          cleanTitle: 'x',
          releaseDate: null,
          links: [{ url: 'https://example.org/"q"', name: 'site' }],
          genres: ['fiction', 'Ünïcödé'],
          ratings: RATINGS,
          monitored: false,
        },
      ]),
    );
    expect(metadataIds[1]).toBeGreaterThan(metadataIds[0]);
    const rows = await medium.sql(
      `SELECT a.id, m.name, a.tags FROM author a JOIN author_metadata m ON m.id = a.author_metadata_id ORDER BY a.id`,
    );
    expect(rows).toEqual([
      { id: authorIds[0], name: 'Stanisław Lem', tags: [3, 1] },
      { id: authorIds[1], name: '村上春樹', tags: [] },
    ]);
    const [book] = await medium.sql(
      `SELECT title, release_date, links, genres, monitored, added FROM book WHERE id = $1`,
      [bookIds[0]],
    );
    expect(book).toMatchObject({
      title: 'ノルウェイの森',
      release_date: null,
      links: [{ url: 'https://example.org/"q"', name: 'site' }],
      genres: ['fiction', 'Ünïcödé'],
      monitored: false,
    });
    // A column no row gives takes its default.
    expect(book.added).toBeInstanceOf(Date);
    expect(await transactions.run((tx) => books.insertMany(tx, []))).toEqual([]);
  });

  it('a failing insert rolls the whole step back', async () => {
    await expect(
      transactions.run(async (tx) => {
        await authors.insertManyMetadata(tx, [
          { foreignAuthorId: 'OL1A', titleSlug: 'a', name: 'A', sortName: 'a', ratings: RATINGS },
        ]);
        await authors.insertManyMetadata(tx, [
          { foreignAuthorId: 'OL1A', titleSlug: 'a', name: 'Duplicate', sortName: 'a', ratings: RATINGS },
        ]);
      }),
    ).rejects.toThrow();
    expect(await medium.sql(`SELECT id FROM author_metadata`)).toEqual([]);
  });

  it('finds what the library already holds by identity, across chunk boundaries and without duplicates', async () => {
    const author = await createAuthor(medium.dataSource, { foreignAuthorId: 'OL9A', path: '/books/Ann' });
    const book = await createBook(medium.dataSource, author, { foreignBookId: 'OL9W' });
    const unmonitored = await createEdition(medium.dataSource, book.id, { foreignEditionId: 'OL9M' });
    const bare = await createBook(medium.dataSource, author, { foreignBookId: 'OL8W' });
    await medium.sql(`UPDATE edition SET monitored = false WHERE book_id = $1`, [bare.id]);
    const file = await createBookFile(medium.dataSource, book.editionId, { path: '/books/Ann/x.epub' });
    const loose = await createBookFile(medium.dataSource, null, { path: '/books/loose.epub' });

    const many = [...Array.from({ length: 5_001 }, (_, index) => `absent-${index}`), 'OL9A', 'OL9A'];
    expect((await authors.findByForeignIds(many)).map((found) => found.id)).toEqual([author.id]);
    expect(await authors.takenPaths(['/books/Ann', '/books/Bob'])).toEqual(new Set(['/books/Ann']));
    expect((await books.findByForeignIds(['OL9W', 'OL8W', 'OL7W'])).map((found) => found.id).sort()).toEqual(
      [book.id, bare.id].sort(),
    );
    expect((await books.findEditionsByForeignIds(['OL9M'])).map((found) => found.id)).toEqual([unmonitored.id]);
    expect(await books.booksWithMonitoredEdition([book.id, bare.id])).toEqual(new Set([book.id]));
    const files = await bookFiles.findByPathsOrBooks(['/books/loose.epub', '/books/Ann/x.epub'], [book.id]);
    expect(files.map((found) => [found.id, found.bookId]).sort()).toEqual(
      [
        [file.id, book.id],
        [loose.id, null],
      ].sort(),
    );

    await transactions.run((tx) => books.markMonitored(tx, [bare.id]));
    expect((await books.findByForeignIds(['OL8W']))[0].monitored).toBe(true);
  });

  it('history keys read back equal the keys of the rows written, so a re-run adds nothing twice', async () => {
    const author = await createAuthor(medium.dataSource);
    const date = new Date('2024-05-06T07:08:09.123Z');
    await transactions.run((tx) =>
      history.insertMany(tx, [
        {
          authorId: author.id,
          bookId: null,
          sourceTitle: 'Ann – Book “quoted”',
          quality: { quality: { id: 3, name: 'EPUB' } },
          date,
          eventType: 1,
          data: {},
        },
      ]),
    );
    expect(await history.keysOfAuthors([author.id])).toEqual(
      new Set([historyKey(date, 1, 'Ann – Book “quoted”', null)]),
    );
    expect(await blocklist.keysOfAuthors([author.id])).toEqual(new Set());
  });

  it('the re-match rewrites foreign ids, refusing those another row holds; reports are stored per command', async () => {
    const ann = await createAuthor(medium.dataSource, { foreignAuthorId: 'old-a' });
    const bob = await createAuthor(medium.dataSource, { foreignAuthorId: 'OL2A' });
    const book = await createBook(medium.dataSource, ann, {
      foreignBookId: 'old-w',
      edition: { isbn13: '9780000000002' },
    });
    await createEdition(medium.dataSource, book.id, { isbn13: '9780000000002' });
    await createEdition(medium.dataSource, book.id, { isbn13: '' });
    const rematch = medium.get(RematchRepository);

    const [row] = await rematch.books();
    expect(row).toMatchObject({ id: book.id, isbns: ['9780000000002'], asins: [] });
    expect(row.editionIds).toHaveLength(3);

    const result = await rematch.rewrite(
      [
        { authorMetadataId: ann.authorMetadataId, foreignAuthorId: 'OL2A' },
        { authorMetadataId: bob.authorMetadataId, foreignAuthorId: 'OL2A' },
      ],
      [{ id: book.id, foreignBookId: 'OL1W' }],
    );
    expect(result.takenAuthorIds).toEqual(new Set(['OL2A']));
    expect((await rematch.authors()).map((author) => author.foreignAuthorId)).toEqual(['old-a', 'OL2A']);
    expect((await rematch.books())[0].foreignBookId).toBe('OL1W');

    const reports = medium.get(MigrationReportRepository);
    await reports.save(7, { dryRun: true } as never);
    await reports.save(7, { dryRun: false, note: 'second' } as never);
    expect(await reports.find(7)).toEqual({ dryRun: false, note: 'second' });
    expect(await reports.find(8)).toBeUndefined();
    await rematch.saveReport(7, { matched: 1 } as never);
    expect(await rematch.findReport(7)).toEqual({ matched: 1 });
  });
});
