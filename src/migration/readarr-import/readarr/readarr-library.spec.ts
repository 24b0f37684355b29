import { ReadarrDbBuilder } from '../../../../test/factories/readarr-db.factory';
import { ReadarrDatabase } from './readarr-database.repository';
import { readBooksWithoutAuthor, readFilesWithoutBook, readLibraryChunks } from './readarr-library';

describe('readLibraryChunks', () => {
  let db: ReadarrDatabase;

  beforeAll(async () => {
    const builder = await ReadarrDbBuilder.create();
    const authors = [3, 1, 2].map((books, a) => {
      const author = builder.author({ foreignAuthorId: `${a + 1}`, name: `Author ${a + 1}`, path: `/b/${a + 1}` });
      for (let n = 1; n <= books; n++) {
        const { editionIds } = builder.book(
          author.metadataId,
          { foreignBookId: `${a + 1}0${n}`, title: `Book ${a + 1}.${n}` },
          [{ foreignEditionId: `${a + 1}00${n}` }, { foreignEditionId: `${a + 1}01${n}`, monitored: false }],
        );
        builder.bookFile(editionIds[0], { path: `/b/${a + 1}/${n}.epub`, quality: 3 });
      }
      return author;
    });
    // Metadata of an author Readarr no longer has: its book (and the book's file) belong to no library author.
    const stray = builder.insert('AuthorMetadata', {
      ForeignAuthorId: '99',
      TitleSlug: '99',
      Name: 'Gone',
      Status: 0,
      Images: '[]',
      Aliases: '[]',
      SortName: 'gone',
      NameLastFirst: 'Gone',
      SortNameLastFirst: 'gone',
    });
    const orphan = builder.book(stray, { foreignBookId: '990', title: 'Orphan' }, [{ foreignEditionId: '9900' }]);
    builder.bookFile(orphan.editionIds[0], { path: '/orphan.epub', quality: 3 });
    builder.bookFile(123456, { path: '/no-edition.epub', quality: 3 });
    expect(authors).toHaveLength(3);
    db = await ReadarrDatabase.open(builder.toBuffer());
    builder.close();
  });

  afterAll(() => db.close());

  it('cuts the library into chunks of about the target size without splitting an author', () => {
    const chunks = [...readLibraryChunks(db, 2)];
    expect(chunks.map((chunk) => chunk.authors.map((author) => author.name))).toEqual([
      ['Author 1'],
      ['Author 2', 'Author 3'],
    ]);
    expect(chunks.map((chunk) => chunk.books.map((book) => book.title))).toEqual([
      ['Book 1.1', 'Book 1.2', 'Book 1.3'],
      ['Book 2.1', 'Book 3.1', 'Book 3.2'],
    ]);
    for (const chunk of chunks) {
      for (const book of chunk.books) expect(chunk.editions.get(book.id)).toHaveLength(2);
      expect(chunk.files).toHaveLength(chunk.books.length);
    }
  });

  it('one chunk when the target exceeds the library', () => {
    const [only, ...rest] = [...readLibraryChunks(db, 10_000)];
    expect(rest).toEqual([]);
    expect(only.books).toHaveLength(6);
    expect(only.files).toHaveLength(6);
  });

  it('lists the books of no library author and the files of no library book', () => {
    expect([...readBooksWithoutAuthor(db)].map((book) => book.title)).toEqual(['Orphan']);
    expect([...readFilesWithoutBook(db)].map((file) => file.path)).toEqual(['/orphan.epub', '/no-edition.epub']);
  });
});
