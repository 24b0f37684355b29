import { BookFile } from '../../../../src/library/book-file/book-file.entity';
import { BookFileRepository, type ScannedFile } from '../../../../src/library/book-file/book-file.repository';
import { TransactionRunner } from '../../../../src/platform/database/transaction';
import { createAuthor, createBook, createBookFile, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

const scanned = (path: string, size = 10): ScannedFile => ({
  path,
  size,
  modified: new Date('2025-01-01T00:00:00Z'),
  qualityId: 3,
  mediaKind: 'ebook',
});

/**
 * The `book_file` table on PostgreSQL: rescans upserting by path (also two at once), rows under a folder whatever
 * its characters, file rows projected with their owners, and the writes of an author's move and of deletes.
 */
describe('book files (medium)', () => {
  let medium: Medium;
  let files: BookFileRepository;

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [BookFile],
      providers: [BookFileRepository],
      tables: ['author_metadata', 'author', 'book', 'edition', 'book_file'],
    });
    await ensureProfiles(medium.dataSource);
    files = medium.get(BookFileRepository);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  it('a rescan inserts new paths and refreshes changed sizes only; two rescans at once insert each path once', async () => {
    const first = await files.upsertScanned([scanned('/lib/a/one.epub'), scanned('/lib/a/two.epub', 20)]);
    expect(first.inserted.map((row) => row.path)).toEqual(['/lib/a/one.epub', '/lib/a/two.epub']);
    expect(await files.upsertScanned([scanned('/lib/a/one.epub'), scanned('/lib/a/two.epub', 21)])).toEqual({
      inserted: [],
      updated: 1,
    });
    expect(await files.upsertScanned([])).toEqual({ inserted: [], updated: 0 });

    const batch = Array.from({ length: 50 }, (_, index) => scanned(`/lib/b/${index}.epub`));
    const [left, right] = await Promise.all([files.upsertScanned(batch), files.upsertScanned(batch)]);
    expect(left.inserted.length + right.inserted.length).toBe(50);
    expect(await medium.sql(`SELECT count(*)::int AS n FROM book_file WHERE path LIKE '/lib/b/%'`)).toEqual([
      { n: 50 },
    ]);
  });

  it('walks the rows under a folder in id batches; a sibling whose name starts alike, or holds % and _, is not under it', async () => {
    for (const path of ['/lib/50%_x/a.epub', '/lib/50%_x/b.epub', '/lib/500_x/c.epub', '/lib/50%_x.epub'])
      await createBookFile(medium.dataSource, null, { path });
    const under = await files.findUnder('/lib/50%_x/', 0, 1);
    expect(under.map((row) => row.path)).toEqual(['/lib/50%_x/a.epub']);
    expect((await files.findUnder('/lib/50%_x', under[0].id, 10)).map((row) => row.path)).toEqual([
      '/lib/50%_x/b.epub',
    ]);
  });

  it('projects rows with their book, author and profile; an unmapped file is mapped once, never re-mapped', async () => {
    const author = await createAuthor(medium.dataSource);
    const book = await createBook(medium.dataSource, author);
    const other = await createBook(medium.dataSource, author);
    const mapped = await createBookFile(medium.dataSource, book.editionId);
    const { inserted } = await files.upsertScanned([scanned('/lib/new.epub')]);
    expect((await files.findUnmappedRows()).map((row) => row.id)).toEqual([inserted[0].id]);

    await files.mapToEdition(inserted[0].id, other.editionId);
    await files.mapToEdition(inserted[0].id, book.editionId);
    expect(await files.findRowsByAuthor(author.id)).toEqual([
      expect.objectContaining({
        id: mapped.id,
        bookId: book.id,
        authorId: author.id,
        qualityProfileId: author.qualityProfileId,
      }),
      expect.objectContaining({ id: inserted[0].id, bookId: other.id }),
    ]);
    expect(await files.findUnmappedRows()).toEqual([]);
    expect((await files.findRowsByBooks([other.id])).map((row) => row.id)).toEqual([inserted[0].id]);
  });

  it("an author's move rebases only its own paths under the old folder (LIKE wildcards in it taken literally)", async () => {
    const author = await createAuthor(medium.dataSource, { path: '/lib/Ann_50%' });
    const book = await createBook(medium.dataSource, author);
    await createBookFile(medium.dataSource, book.editionId, { path: '/lib/Ann_50%/x.epub' });
    const sibling = await createBookFile(medium.dataSource, book.editionId, { path: '/lib/Ann_500/y.epub' });
    const someoneElse = await createBookFile(medium.dataSource, null, { path: '/lib/Ann_50%/z.epub' });

    await files.rebaseAuthorPaths(author.id, '/lib/Ann_50%', '/new/Ann');
    expect((await files.findRowsByAuthor(author.id)).map((row) => row.path)).toEqual(['/new/Ann/x.epub', sibling.path]);
    expect((await files.findRowsByIds([someoneElse.id]))[0].path).toBe('/lib/Ann_50%/z.epub');
  });

  it('deletes: a book’s or an author’s rows in a transaction (rolled back with it), one row answering its owners', async () => {
    const author = await createAuthor(medium.dataSource, { path: '/lib/Ann', rootFolderPath: '/lib' });
    const book = await createBook(medium.dataSource, author);
    const first = await createBookFile(medium.dataSource, book.editionId);
    const second = await createBookFile(medium.dataSource, book.editionId);
    const unmapped = await createBookFile(medium.dataSource, null);
    const transactions = medium.get(TransactionRunner);

    expect(await files.findDeletionTargetsOfBook(book.id)).toEqual([
      {
        id: first.id,
        path: first.path,
        bookId: book.id,
        authorId: author.id,
        authorPath: '/lib/Ann',
        rootFolderPath: '/lib',
      },
      expect.objectContaining({ id: second.id }),
    ]);
    expect(await files.findDeletionTargets([unmapped.id])).toEqual([
      expect.objectContaining({ id: unmapped.id, bookId: null, authorId: null, authorPath: null }),
    ]);
    await expect(
      transactions.run(async (tx) => {
        await files.deleteOfBook(tx, book.id);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await files.findRowsByBooks([book.id])).toHaveLength(2);

    expect((await transactions.run((tx) => files.deleteOfBook(tx, book.id))).sort()).toEqual(
      [first.path, second.path].sort(),
    );
    const later = await createBook(medium.dataSource, author);
    await createBookFile(medium.dataSource, later.editionId);
    await transactions.run((tx) => files.deleteOfAuthor(tx, author.id));
    expect(await files.findRowsByAuthor(author.id)).toEqual([]);
    expect(await files.deleteReturningOwner(unmapped.id)).toEqual({ bookId: null, authorId: null });
    expect(await medium.sql(`SELECT id FROM book_file`)).toEqual([]);
  });
});
