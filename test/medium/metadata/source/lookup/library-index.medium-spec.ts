import { Author } from '../../../../../src/library/author/author.entity';
import { AuthorMetadata } from '../../../../../src/library/author/author-metadata.entity';
import { Book } from '../../../../../src/library/book/book.entity';
import { Edition } from '../../../../../src/library/book/edition.entity';
import { LibraryIndexRepository } from '../../../../../src/metadata/source/lookup/library-index.repository';
import { createAuthor, createBook, createEdition, ensureProfiles } from '../../../../factories';
import { Medium, newMediumService } from '../../../medium';

/**
 * Which looked-up authors, books and editions the library already holds (lookup and search mark them with their
 * local ids): matched by exact foreign id, on PostgreSQL.
 */
describe('lookup library index (medium)', () => {
  let medium: Medium;
  let index: LibraryIndexRepository;

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [Author, AuthorMetadata, Book, Edition],
      providers: [LibraryIndexRepository],
      tables: ['author_metadata', 'author', 'book', 'edition'],
    });
    await ensureProfiles(medium.dataSource);
    index = medium.get(LibraryIndexRepository);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  it('answers the local ids of the foreign ids the library holds, and nothing for the others', async () => {
    const author = await createAuthor(medium.dataSource, { foreignAuthorId: 'OL1A' });
    const added = new Date('2024-02-03T04:05:06Z');
    const book = await createBook(medium.dataSource, author, { foreignBookId: 'OL1W', monitored: false, added });
    const extra = await createEdition(medium.dataSource, book.id, { foreignEditionId: 'OL2M' });

    const local = await index.find({
      authors: ['OL1A', 'OL1A', 'ol1a', 'OL9A'],
      books: ['OL1W', 'OL9W'],
      editions: ['OL2M', 'OL9M'],
    });
    expect([...local.authors]).toEqual([['OL1A', author.id]]);
    expect([...local.books.entries()]).toEqual([
      ['OL1W', expect.objectContaining({ id: book.id, authorId: author.id, monitored: false, added })],
    ]);
    expect([...local.editions.entries()]).toEqual([
      ['OL2M', expect.objectContaining({ id: extra.id, bookId: book.id, monitored: false })],
    ]);
  });

  it('an author known only as metadata (no library author) is not in the library', async () => {
    await medium.sql(
      `INSERT INTO author_metadata (foreign_author_id, title_slug, name, sort_name, name_last_first, sort_name_last_first)
       VALUES ('OL5A', 'OL5A', 'Metadata Only', 'metadata only', 'Only, Metadata', 'only, metadata')`,
    );
    expect((await index.find({ authors: ['OL5A'], books: [], editions: [] })).authors.size).toBe(0);
  });

  it('asks nothing for empty lists', async () => {
    const local = await index.find({ authors: [], books: [], editions: [] });
    expect([local.authors.size, local.books.size, local.editions.size]).toEqual([0, 0, 0]);
  });
});
