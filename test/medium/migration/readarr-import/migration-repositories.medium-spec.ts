import { BlocklistEntry } from '../../../../src/acquisition/blocklist/blocklist.entity';
import { HistoryEntry } from '../../../../src/acquisition/history/history.entity';
import { Author } from '../../../../src/library/author/author.entity';
import { AuthorMetadata } from '../../../../src/library/author/author-metadata.entity';
import { BookFile } from '../../../../src/library/book-file/book-file.entity';
import { Book } from '../../../../src/library/book/book.entity';
import { Edition } from '../../../../src/library/book/edition.entity';
import { historyKey, MigrationRepository } from '../../../../src/migration/readarr-import/migration.repository';
import { RematchReportEntity } from '../../../../src/migration/readarr-import/rematch/rematch-report.entity';
import { RematchRepository } from '../../../../src/migration/readarr-import/rematch/rematch.repository';
import { MigrationReportEntity } from '../../../../src/migration/readarr-import/report/migration-report.entity';
import { MigrationReportRepository } from '../../../../src/migration/readarr-import/report/migration-report.repository';
import { createAuthor, createBook, createBookFile, createEdition, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

const RATINGS = { votes: 1, value: 4.5, popularity: 0.1 };

/**
 * The Readarr migration's reads and bulk writes on PostgreSQL: rows of any entity inserted from column arrays
 * (ids in input order, jsonb and arrays intact), lookups by identity across chunk boundaries, the keys that keep
 * history and blocklist rows from being added twice, the re-match's id rewrite, and the stored reports.
 */
describe('migration repositories (medium)', () => {
  let medium: Medium;
  let migration: MigrationRepository;
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
      providers: [MigrationRepository, RematchRepository, MigrationReportRepository],
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
    migration = medium.get(MigrationRepository);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  it('inserts rows of any entity from column arrays: ids in input order, jsonb, arrays, nulls and Unicode intact', async () => {
    const metadataIds = await migration.transaction((tx) =>
      migration.insertMany(tx, AuthorMetadata, [
        { foreignAuthorId: 'OL1A', titleSlug: 'a', name: 'Stanisław Lem', sortName: 'lem', ratings: RATINGS },
        { foreignAuthorId: 'OL2A', titleSlug: 'b', name: '村上春樹', sortName: '村上', ratings: RATINGS },
      ]),
    );
    const authorIds = await migration.transaction((tx) =>
      migration.insertMany(
        tx,
        Author,
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
    const bookIds = await migration.transaction((tx) =>
      migration.insertMany(tx, Book, [
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
    expect(await migration.transaction((tx) => migration.insertMany(tx, Book, []))).toEqual([]);
  });

  it('a failing insert rolls the whole step back', async () => {
    await expect(
      migration.transaction(async (tx) => {
        await migration.insertMany(tx, AuthorMetadata, [
          { foreignAuthorId: 'OL1A', titleSlug: 'a', name: 'A', sortName: 'a', ratings: RATINGS },
        ]);
        await migration.insertMany(tx, AuthorMetadata, [
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
    expect((await migration.authorsByForeignIds(many)).map((found) => found.id)).toEqual([author.id]);
    expect(await migration.takenAuthorPaths(['/books/Ann', '/books/Bob'])).toEqual(new Set(['/books/Ann']));
    expect((await migration.booksByForeignIds(['OL9W', 'OL8W', 'OL7W'])).map((found) => found.id).sort()).toEqual(
      [book.id, bare.id].sort(),
    );
    expect((await migration.editionsByForeignIds(['OL9M'])).map((found) => found.id)).toEqual([unmonitored.id]);
    expect(await migration.booksWithMonitoredEdition([book.id, bare.id])).toEqual(new Set([book.id]));
    const files = await migration.filesByPathsOrBooks(['/books/loose.epub', '/books/Ann/x.epub'], [book.id]);
    expect(files.map((found) => [found.id, found.bookId]).sort()).toEqual(
      [
        [file.id, book.id],
        [loose.id, null],
      ].sort(),
    );

    await migration.transaction((tx) => migration.setMonitored(tx, Book, [bare.id]));
    expect((await migration.booksByForeignIds(['OL8W']))[0].monitored).toBe(true);
  });

  it('history keys read back equal the keys of the rows written, so a re-run adds nothing twice', async () => {
    const author = await createAuthor(medium.dataSource);
    const date = new Date('2024-05-06T07:08:09.123Z');
    await migration.transaction((tx) =>
      migration.insertMany(tx, HistoryEntry, [
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
    expect(await migration.historyKeys([author.id])).toEqual(
      new Set([historyKey(date, 1, 'Ann – Book “quoted”', null)]),
    );
    expect(await migration.blocklistKeys([author.id])).toEqual(new Set());
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
