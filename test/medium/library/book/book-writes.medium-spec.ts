import { Author } from '../../../../src/library/author/author.entity';
import { AuthorMetadata } from '../../../../src/library/author/author-metadata.entity';
import { AuthorRepository } from '../../../../src/library/author/author.repository';
import { BookFileRepository } from '../../../../src/library/book-file/book-file.repository';
import { BookMonitoringRepository } from '../../../../src/library/book/book-monitoring.repository';
import { BookRecordRepository } from '../../../../src/library/book/book-record.repository';
import { Book } from '../../../../src/library/book/book.entity';
import { Edition } from '../../../../src/library/book/edition.entity';
import { type Transaction, TransactionRunner } from '../../../../src/platform/database/transaction';
import { createAuthor, createBook, createSeries, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

const RATINGS = { votes: 0, value: 0, popularity: 0 };

/**
 * What adding an author and a book writes, through the repositories that own the tables, in one transaction the
 * service opens; and the book monitoring writes that series monitoring makes.
 */
describe('book writes (medium)', () => {
  let medium: Medium;
  let profiles: { qualityProfileId: number; metadataProfileId: number };

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [Author, AuthorMetadata, Book, Edition],
      providers: [AuthorRepository, BookFileRepository, BookRecordRepository, BookMonitoringRepository],
      tables: ['author', 'author_metadata', 'book', 'edition', 'series', 'series_book_link'],
    });
    profiles = await ensureProfiles(medium.dataSource);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  /** The author and book rows POST /book writes for a new author, in `tx`. */
  async function addAuthorAndBook(tx: Transaction) {
    const author = await medium
      .get(AuthorRepository)
      .insertWithMetadata(
        tx,
        { foreignAuthorId: 'fa-1', titleSlug: 'fa-1', name: 'Ann Author', sortName: 'author, ann', ratings: RATINGS },
        { cleanName: 'annauthor', path: '/books/Ann Author', ...profiles, addOptions: null },
      );
    const book = await medium.get(BookRecordRepository).insertWithEditions(
      tx,
      {
        authorId: author.id,
        authorMetadataId: author.authorMetadataId,
        foreignBookId: 'fb-1',
        titleSlug: 'fb-1',
        title: 'The Book',
        cleanTitle: 'thebook',
        ratings: RATINGS,
      },
      [
        { foreignEditionId: 'fe-1', title: 'The Book', ratings: RATINGS, monitored: false },
        { foreignEditionId: 'fe-2', title: 'The Book (2nd)', ratings: RATINGS, monitored: true },
      ],
    );
    return { author, book };
  }

  it('a new author and its first book are written in one transaction, the editions under the book', async () => {
    const { author, book } = await medium.get(TransactionRunner).run(addAuthorAndBook);

    const [row] = await medium.sql<{ metadataName: string; path: string }>(
      `SELECT m.name AS "metadataName", a.path FROM author a JOIN author_metadata m ON m.id = a.author_metadata_id
       WHERE a.id = $1`,
      [author.id],
    );
    expect(row).toEqual({ metadataName: 'Ann Author', path: '/books/Ann Author' });
    const editions = await medium.get(BookRecordRepository).findEditionsOfBooks([book.id]);
    expect(editions.map((edition) => [edition.foreignEditionId, edition.bookId, edition.monitored])).toEqual([
      ['fe-1', book.id, false],
      ['fe-2', book.id, true],
    ]);
    expect(await medium.get(BookRecordRepository).existsWithForeignId('fb-1')).toBe(true);
    expect((await medium.get(AuthorRepository).findByForeignAuthorId('fa-1'))?.id).toBe(author.id);
  });

  it('a failure after the writes rolls back the author, its metadata and the book', async () => {
    const failing = medium.get(TransactionRunner).run(async (tx) => {
      await addAuthorAndBook(tx);
      throw new Error('identity check failed');
    });
    await expect(failing).rejects.toThrow('identity check failed');
    const [counts] = await medium.sql<{ authors: number; metadata: number; books: number; editions: number }>(
      `SELECT (SELECT count(*) FROM author)::int AS authors, (SELECT count(*) FROM author_metadata)::int AS metadata,
              (SELECT count(*) FROM book)::int AS books, (SELECT count(*) FROM edition)::int AS editions`,
    );
    expect(counts).toEqual({ authors: 0, metadata: 0, books: 0, editions: 0 });
  });

  it('monitoring a series monitors its unmonitored books only, answering their ids in order', async () => {
    const author = await createAuthor(medium.dataSource);
    const first = await createBook(medium.dataSource, author, { monitored: false });
    const second = await createBook(medium.dataSource, author, { monitored: true });
    const third = await createBook(medium.dataSource, author, { monitored: false });
    const outside = await createBook(medium.dataSource, author, { monitored: false });
    const series = await createSeries(medium.dataSource, 'Saga', [
      { bookId: third.id },
      { bookId: second.id },
      { bookId: first.id },
    ]);

    const monitoring = medium.get(BookMonitoringRepository);
    expect(await monitoring.monitorSeriesBooks(series.id)).toEqual([first.id, third.id]);
    expect(await monitoring.monitorSeriesBooks(series.id)).toEqual([]);
    const changed = await medium
      .get(TransactionRunner)
      .run((tx) => monitoring.monitorUnmonitored(tx, [first.id, outside.id]));
    expect(changed).toEqual([outside.id]);

    await medium.get(BookRecordRepository).setMonitored([first.id, second.id], false);
    const rows = await medium.sql<{ id: number; monitored: boolean }>(`SELECT id, monitored FROM book ORDER BY id`);
    expect(rows).toEqual([
      { id: first.id, monitored: false },
      { id: second.id, monitored: false },
      { id: third.id, monitored: true },
      { id: outside.id, monitored: true },
    ]);
  });
});
