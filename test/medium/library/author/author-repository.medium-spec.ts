import { Author } from '../../../../src/library/author/author.entity';
import { AuthorMetadata } from '../../../../src/library/author/author-metadata.entity';
import { AuthorRepository } from '../../../../src/library/author/author.repository';
import { BookFileRepository } from '../../../../src/library/book-file/book-file.repository';
import { createAuthor, createBook, createBookFile, createSeries, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

const DAY_MS = 86_400_000;

/**
 * The author table on PostgreSQL: rows by sort name, each author's next and last book, lookups by identity and
 * folder, a move that carries its files' paths along, and a delete that takes what belongs to the author.
 */
describe('author repository (medium)', () => {
  let medium: Medium;
  let authors: AuthorRepository;

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [Author, AuthorMetadata],
      providers: [AuthorRepository, BookFileRepository],
      tables: ['author_metadata', 'author', 'book', 'edition', 'book_file', 'series', 'series_book_link'],
    });
    await ensureProfiles(medium.dataSource);
    authors = medium.get(AuthorRepository);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  it("lists authors by sort name; each author's next upcoming and last released book", async () => {
    const zola = await createAuthor(medium.dataSource, { name: 'Zola' });
    const abe = await createAuthor(medium.dataSource, { name: 'Abe' });
    const soon = await createBook(medium.dataSource, zola, {
      title: 'Soon',
      releaseDate: new Date(Date.now() + DAY_MS),
    });
    await createBook(medium.dataSource, zola, { title: 'Later', releaseDate: new Date(Date.now() + 9 * DAY_MS) });
    const recent = await createBook(medium.dataSource, zola, {
      title: 'Recent',
      releaseDate: new Date(Date.now() - DAY_MS),
    });
    await createBook(medium.dataSource, zola, { title: 'Old', releaseDate: new Date('1990-01-01') });
    await createBook(medium.dataSource, zola, { title: 'Undated', releaseDate: null });

    expect((await authors.findRows()).map((row) => row.id)).toEqual([abe.id, zola.id]);
    expect(await authors.findRow(zola.id + abe.id + 1)).toBeUndefined();
    const neighbours = await authors.neighbourBooks([zola.id, abe.id]);
    expect(neighbours.map((row) => [row.authorId, (row as unknown as { kind: string }).kind, row.id])).toEqual([
      [zola.id, 'next', soon.id],
      [zola.id, 'last', recent.id],
    ]);
  });

  it('finds authors by foreign id, title slug and folder; a folder is shared when another author is in or under it', async () => {
    const ann = await createAuthor(medium.dataSource, { foreignAuthorId: 'OL1A', path: '/books/Ann' });
    await createAuthor(medium.dataSource, { path: '/books/Ann/Pen Name' });
    await createAuthor(medium.dataSource, { path: '/books/Annabel' });

    expect((await authors.findByForeignAuthorId('OL1A'))?.id).toBe(ann.id);
    expect(await authors.findByForeignAuthorId('OL9A')).toBeNull();
    expect(await authors.findIdByTitleSlug('OL1A')).toBe(ann.id);
    expect((await authors.findByPath('/books/Ann'))?.id).toBe(ann.id);
    expect(await authors.sharesFolder(ann.id, '/books/Ann/')).toBe(true);
    expect(await authors.sharesFolder(ann.id, '/books/Ann/Pen Name/Sub')).toBe(false);
    expect(await authors.sharesFolder(ann.id, '/books/Ann/Other')).toBe(false);
    expect(await authors.sharesFolder(ann.id, '/books')).toBe(true);
    expect((await authors.refreshStates()).map((state) => state.neverRefreshed)).toEqual([true, true, true]);
  });

  it("a move saves the author and rebases its files' paths together", async () => {
    const created = await createAuthor(medium.dataSource, { path: '/books/Old Name' });
    const book = await createBook(medium.dataSource, created);
    const file = await createBookFile(medium.dataSource, book.editionId, { path: '/books/Old Name/Book/x.epub' });
    const author = (await authors.findById(created.id))!;
    author.path = '/books/New Name';
    await authors.saveMoved(author, '/books/Old Name');

    expect((await authors.findById(created.id))?.path).toBe('/books/New Name');
    expect(await authors.filePaths(created.id)).toEqual([{ id: file.id, path: '/books/New Name/Book/x.epub' }]);
  });

  it('a delete with its files takes the books, editions, series links, file rows and the metadata no other book uses', async () => {
    const created = await createAuthor(medium.dataSource);
    const book = await createBook(medium.dataSource, created);
    await createBookFile(medium.dataSource, book.editionId);
    const loose = await createBookFile(medium.dataSource, null);
    await createSeries(medium.dataSource, 'Saga', [{ bookId: book.id }]);
    const other = await createAuthor(medium.dataSource);
    await createBook(medium.dataSource, other);

    await authors.delete((await authors.findById(created.id))!, true);
    const left = await medium.sql<{ t: string; n: number }>(
      `SELECT 'author' AS t, count(*)::int AS n FROM author UNION ALL SELECT 'metadata', count(*)::int FROM author_metadata
       UNION ALL SELECT 'book', count(*)::int FROM book UNION ALL SELECT 'edition', count(*)::int FROM edition
       UNION ALL SELECT 'link', count(*)::int FROM series_book_link UNION ALL SELECT 'file', count(*)::int FROM book_file`,
    );
    expect(Object.fromEntries(left.map((row) => [row.t, row.n]))).toEqual({
      author: 1,
      metadata: 1,
      book: 1,
      edition: 1,
      link: 0,
      file: 1,
    });
    expect(await medium.sql(`SELECT id FROM book_file`)).toEqual([{ id: loose.id }]);
  });

  it('a delete without its files keeps the file rows, unlinked (unmapped), as Readarr does', async () => {
    const created = await createAuthor(medium.dataSource);
    const book = await createBook(medium.dataSource, created);
    const file = await createBookFile(medium.dataSource, book.editionId);

    await authors.delete((await authors.findById(created.id))!, false);
    expect(await medium.sql(`SELECT count(*)::int AS n FROM author WHERE id = $1`, [created.id])).toEqual([{ n: 0 }]);
    expect(await medium.sql(`SELECT id, edition_id FROM book_file WHERE id = $1`, [file.id])).toEqual([
      { id: file.id, edition_id: null },
    ]);
  });
});
