import { LibraryLookupRepository } from '../../../../src/acquisition/parser/library-lookup.repository';
import { ReleaseMatchingService } from '../../../../src/acquisition/parser/release-matching.service';
import { parseReleaseTitle } from '../../../../src/acquisition/parser/release-parser';
import { createAuthor, createBook, createEdition, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

/**
 * Release titles matched to the library on PostgreSQL: the author by its stored clean name (accents and case
 * folded) or an alias, then that author's books by title or a discography's years, with the page count and
 * edition title of each book's monitored edition.
 */
describe('release matching (medium)', () => {
  let medium: Medium;
  let matching: ReleaseMatchingService;
  let lookup: LibraryLookupRepository;

  beforeAll(async () => {
    medium = await newMediumService({
      providers: [LibraryLookupRepository, ReleaseMatchingService],
      tables: ['author_metadata', 'author', 'book', 'edition'],
    });
    await ensureProfiles(medium.dataSource);
    matching = medium.get(ReleaseMatchingService);
    lookup = medium.get(LibraryLookupRepository);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  const match = async (title: string) => {
    const result = await matching.match(parseReleaseTitle(title)!);
    return { author: result.author?.name, books: result.books.map((book) => book.title) };
  };

  it('finds the author by clean name, accents and case aside, and the book by its title', async () => {
    const lem = await createAuthor(medium.dataSource, { name: 'Stanisław Lem' });
    await createBook(medium.dataSource, lem, { title: 'Solaris' });
    await createBook(medium.dataSource, lem, { title: 'The Cyberiad' });
    const zola = await createAuthor(medium.dataSource, { name: 'Émile Zola' });
    await createBook(medium.dataSource, zola, { title: 'Nana' });

    expect(await match('Stanislaw Lem - Solaris (epub)')).toEqual({ author: 'Stanisław Lem', books: ['Solaris'] });
    expect(await match('STANISŁAW LEM - the cyberiad [retail] (epub)')).toEqual({
      author: 'Stanisław Lem',
      books: ['The Cyberiad'],
    });
    expect(await match('Emile Zola - Nana (epub)')).toEqual({ author: 'Émile Zola', books: ['Nana'] });
    expect(await match('Somebody Else - Solaris (epub)')).toEqual({ author: undefined, books: [] });
  });

  it('an alias names the author too; a title that names no book of the author matches none', async () => {
    const king = await createAuthor(medium.dataSource, { name: 'Stephen King' });
    await medium.sql(`UPDATE author_metadata SET aliases = '{"Richard Bachman"}' WHERE id = $1`, [
      king.authorMetadataId,
    ]);
    await createBook(medium.dataSource, king, { title: 'The Long Walk' });

    expect(await match('Richard Bachman - The Long Walk (epub)')).toEqual({
      author: 'Stephen King',
      books: ['The Long Walk'],
    });
    expect(await match('Stephen King - Unwritten Book (epub)')).toEqual({ author: 'Stephen King', books: [] });
  });

  it('a discography takes every book, or the books of the years it names', async () => {
    const author = await createAuthor(medium.dataSource, { name: 'Ann Author' });
    for (const [title, year] of [
      ['Early', 1999],
      ['Middle', 2003],
      ['Late', 2010],
    ] as const)
      await createBook(medium.dataSource, author, { title, releaseDate: new Date(`${year}-06-01T00:00:00Z`) });
    await createBook(medium.dataSource, author, { title: 'Undated', releaseDate: null });

    expect((await match('Ann Author - Discography (epub)')).books.sort()).toEqual([
      'Early',
      'Late',
      'Middle',
      'Undated',
    ]);
    expect((await match('Ann Author - Discography (2000-2005) (epub)')).books).toEqual(['Middle']);
  });

  it("a book's page count and edition title come from its monitored edition, or none", async () => {
    const author = await createAuthor(medium.dataSource, { name: 'Ann Author', tags: [4] });
    const book = await createBook(medium.dataSource, author, {
      title: 'Book',
      edition: { title: 'Book: Special Edition', pageCount: 512 },
    });
    await createEdition(medium.dataSource, book.id, { title: 'Other', pageCount: 9, monitored: false });
    const bare = await createBook(medium.dataSource, author, { title: 'Bare' });
    await medium.sql(`UPDATE edition SET monitored = false WHERE book_id = $1`, [bare.id]);

    expect(await lookup.books([bare.id, book.id])).toEqual([
      expect.objectContaining({ id: book.id, editionTitle: 'Book: Special Edition', pageCount: 512 }),
      expect.objectContaining({ id: bare.id, editionTitle: null, pageCount: 0 }),
    ]);
    expect(await lookup.author(author.id)).toEqual({
      id: author.id,
      name: 'Ann Author',
      aliases: [],
      monitored: true,
      qualityProfileId: author.qualityProfileId,
      tags: [4],
    });
    expect(await lookup.author(author.id + 1)).toBeUndefined();
    expect(await lookup.authorsByCleanName([])).toEqual([]);
  });
});
