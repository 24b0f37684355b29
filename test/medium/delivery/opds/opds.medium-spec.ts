import { OpdsRepository, type PageWindow } from '../../../../src/delivery/opds/opds.repository';
import {
  createAuthor,
  createBook,
  createBookFile,
  createEdition,
  createSeries,
  ensureProfiles,
} from '../../../factories';
import { Medium, newMediumService } from '../../medium';

const ALL: PageWindow = { offset: 0, limit: 100 };
const CATALOGUE = ['author_metadata', 'author', 'book', 'edition', 'book_file', 'series', 'series_book_link'];

/**
 * The OPDS catalog's read model on PostgreSQL: only books with files (the trigger-kept `book.file_count`), authors
 * filed under the initial of their last name (Unicode too), literal search text, newest-file order, series order.
 */
describe('OPDS repository (medium)', () => {
  let medium: Medium;
  let opds: OpdsRepository;

  beforeAll(async () => {
    medium = await newMediumService({ providers: [OpdsRepository], tables: CATALOGUE });
    await ensureProfiles(medium.dataSource);
    opds = medium.get(OpdsRepository);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  /** An author with one book per title, each with one file unless its title starts with "wanted". */
  async function authorWithBooks(name: string, titles: string[]) {
    const author = await createAuthor(medium.dataSource, { name });
    const books = [];
    for (const title of titles) {
      const book = await createBook(medium.dataSource, author, { title });
      if (!title.startsWith('wanted')) await createBookFile(medium.dataSource, book.editionId);
      books.push(book);
    }
    return { author, books };
  }

  it('files authors with files under the initial of their last name, Unicode included, with counts', async () => {
    const tolkien = await authorWithBooks('J.R.R. Tolkien', ['The Hobbit', 'wanted: Silmarillion']);
    await authorWithBooks('Terry Pratchett', ['Mort']);
    const zola = await authorWithBooks('Émile Zola', ['Nana']);
    const oe = await authorWithBooks('Ōe', ['A Personal Matter']); // one name: filed under its own initial
    await authorWithBooks('Nobody Yet', ['wanted only']);

    const initials = await opds.authorInitials();
    expect(initials.sort((a, b) => (a.initial < b.initial ? -1 : 1))).toEqual([
      { initial: 'P', count: 1 },
      { initial: 'T', count: 1 },
      { initial: 'Z', count: 1 },
      { initial: 'Ō', count: 1 },
    ]);
    expect(await opds.authorsByInitials(['T', 'Z'], ALL)).toEqual([
      { id: tolkien.author.id, name: 'J.R.R. Tolkien', bookCount: 1 },
      { id: zola.author.id, name: 'Émile Zola', bookCount: 1 },
    ]);
    expect((await opds.authorsByInitials(['Ō'], ALL)).map((row) => row.id)).toEqual([oe.author.id]);
    expect(await opds.authorsByInitials(['N'], ALL)).toEqual([]);
    expect((await opds.authorsByInitials(['P', 'T', 'Z'], { offset: 1, limit: 1 })).map((row) => row.name)).toEqual([
      'J.R.R. Tolkien',
    ]);
  });

  it('a book enters the catalog with its first file and leaves with its last; an edition moved takes its files along', async () => {
    const { author, books } = await authorWithBooks('Ann Author', ['wanted one', 'wanted two']);
    const [one, two] = books;
    expect(await opds.bookIdsOfAuthor(author.id, ALL)).toEqual([]);

    // Files of a second (unmonitored) edition of the book.
    const edition = await createEdition(medium.dataSource, one.id, { monitored: false });
    const first = await createBookFile(medium.dataSource, edition.id);
    const second = await createBookFile(medium.dataSource, edition.id, { path: '/books/one.pdf', qualityId: 1 });
    expect(await opds.bookIdsOfAuthor(author.id, ALL)).toEqual([one.id]);
    await medium.sql(`DELETE FROM book_file WHERE id = $1`, [first.id]);
    expect(await opds.bookIdsOfAuthor(author.id, ALL)).toEqual([one.id]);

    // The edition (with its file) now belongs to the other book.
    await medium.sql(`UPDATE edition SET book_id = $1 WHERE id = $2`, [two.id, edition.id]);
    expect(await opds.bookIdsOfAuthor(author.id, ALL)).toEqual([two.id]);
    await medium.sql(`DELETE FROM book_file WHERE id = $1`, [second.id]);
    expect(await opds.bookIdsOfAuthor(author.id, ALL)).toEqual([]);
    const counts = await medium.sql<{ file_count: number }>(`SELECT file_count FROM book ORDER BY id`);
    expect(counts.map((row) => row.file_count)).toEqual([0, 0]);
  });

  it('lists an author’s books by title, case-insensitively, paged', async () => {
    const { author, books } = await authorWithBooks('Ann Author', ['banana', 'Apple', 'cherry', 'wanted']);
    const [banana, apple, cherry] = books;
    expect(await opds.bookIdsOfAuthor(author.id, ALL)).toEqual([apple.id, banana.id, cherry.id]);
    expect(await opds.bookIdsOfAuthor(author.id, { offset: 2, limit: 5 })).toEqual([cherry.id]);
  });

  it('search matches title or author name case-insensitively, and takes % and _ literally', async () => {
    const { books } = await authorWithBooks('Ann Author', ['Sale 50% off', 'Sale 500 off', 'snake_case', 'snakeXcase']);
    const { books: others } = await authorWithBooks('Percy Searchable', ['Unrelated']);
    await authorWithBooks('Wanted Writer', ['wanted 50%']); // no file: never found
    expect(await opds.searchBookIds('50%', ALL)).toEqual([books[0].id]);
    expect(await opds.searchBookIds('E_C', ALL)).toEqual([books[2].id]);
    expect(await opds.searchBookIds('SEARCHABLE', ALL)).toEqual([others[0].id]);
    expect(await opds.searchBookIds('sale', { offset: 1, limit: 10 })).toEqual([books[1].id]);
  });

  it('recent books: by each book’s newest file, newest first, each book once, ties by file id', async () => {
    const { books } = await authorWithBooks('Ann Author', ['wanted a', 'wanted b', 'wanted c']);
    const [a, b, c] = books;
    const at = (iso: string) => ({ dateAdded: new Date(iso) });
    await createBookFile(medium.dataSource, a.editionId, at('2025-01-01T00:00:00Z'));
    await createBookFile(medium.dataSource, b.editionId, at('2025-03-01T00:00:00Z'));
    await createBookFile(medium.dataSource, a.editionId, at('2025-04-01T00:00:00Z'));
    await createBookFile(medium.dataSource, c.editionId, at('2025-03-01T00:00:00Z'));
    // A second edition's file counts for its book too.
    const other = await createEdition(medium.dataSource, b.id);
    await createBookFile(medium.dataSource, other.id, at('2024-01-01T00:00:00Z'));

    expect(await opds.recentBookIds(ALL)).toEqual([a.id, c.id, b.id]);
    expect(await opds.recentBookIds({ offset: 1, limit: 1 })).toEqual([c.id]);
  });

  it('series hold only books with files, sorted by title; their books come in series order', async () => {
    const { books } = await authorWithBooks('Ann Author', ['Third', 'First', 'Second', 'wanted Fourth']);
    const [third, first, second, fourth] = books;
    const saga = await createSeries(medium.dataSource, 'saga', [
      { bookId: third.id, seriesPosition: 3 },
      { bookId: first.id, seriesPosition: 1 },
      { bookId: second.id, seriesPosition: 2 },
      { bookId: fourth.id, seriesPosition: 4 },
    ]);
    const anthology = await createSeries(medium.dataSource, 'Anthology', [{ bookId: second.id }]);
    await createSeries(medium.dataSource, 'Empty', [{ bookId: fourth.id }]);

    expect(await opds.series(ALL)).toEqual([
      { id: anthology.id, name: 'Anthology', bookCount: 1 },
      { id: saga.id, name: 'saga', bookCount: 3 },
    ]);
    expect(await opds.bookIdsOfSeries(saga.id, ALL)).toEqual([first.id, second.id, third.id]);
    expect(await opds.bookIdsOfSeries(saga.id, { offset: 1, limit: 1 })).toEqual([second.id]);
    expect(await opds.seriesTitle(saga.id)).toBe('saga');
  });

  it('entries: the monitored edition’s title and date over the book’s, the newest file time, ebooks first', async () => {
    const author = await createAuthor(medium.dataSource, { name: 'Ann Author' });
    const book = await createBook(medium.dataSource, author, {
      title: 'Book Title',
      releaseDate: new Date('2001-01-01T00:00:00Z'),
      edition: { title: 'Edition Title', images: [{ url: '/c.jpg', coverType: 'cover' }], isbn13: '9780000000001' },
    });
    const plain = await createBook(medium.dataSource, author, { title: 'Plain', edition: { title: '' } });
    const audio = await createBookFile(medium.dataSource, book.editionId, {
      qualityId: 12,
      path: '/books/a.m4b',
      dateAdded: new Date('2025-05-05T00:00:00Z'),
    });
    const epub = await createBookFile(medium.dataSource, book.editionId, {
      dateAdded: new Date('2025-01-01T00:00:00Z'),
    });
    await createBookFile(medium.dataSource, plain.editionId);
    const unmapped = await createBookFile(medium.dataSource, null);

    const rows = await opds.books([book.id, plain.id]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(book.id)).toMatchObject({
      title: 'Edition Title',
      authorName: 'Ann Author',
      isbn13: '9780000000001',
      releaseDate: new Date('2001-01-01T00:00:00Z'),
      fileAdded: new Date('2025-05-05T00:00:00Z'),
      hasCover: true,
    });
    expect(byId.get(plain.id)).toMatchObject({ title: 'Plain', hasCover: false });
    expect((await opds.filesOfBooks([book.id])).map((file) => file.id)).toEqual([epub.id, audio.id]);
    expect(await opds.file(epub.id)).toEqual({ id: epub.id, path: epub.path });
    expect(await opds.file(unmapped.id)).toBeUndefined();
    expect(await opds.books([])).toEqual([]);
  });
});
