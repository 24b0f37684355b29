import { BookFileRepository } from '../../../src/library/book-file/book-file.repository';
import { cutoffSets } from '../../../src/library/book-file/quality-cutoff';
import { BookRepository, type WantedPage } from '../../../src/library/book/book.repository';
import { DatabaseServer } from '../../../src/platform/database/database-server';
import { PreparedStatements } from '../../../src/platform/database/prepared-statements';
import { ProfileModule } from '../../../src/library/profile/profile.module';
import { ProfileSeeder } from '../../../src/library/profile/profile-seeder.service';
import { QUALITY_IDS } from '../../../src/library/profile/quality/quality';
import { QualityProfileService } from '../../../src/library/profile/quality-profile/quality-profile.service';
import { RootFolderRepository } from '../../../src/library/root-folder/root-folder.repository';
import { createAuthor, createBook, createBookFile } from '../../factories';
import { Medium, newMediumService } from '../medium';

/** The repositories that took over SQL from services: book lists by intent, book files, root folder paths. */
describe('library repositories (medium)', () => {
  let medium: Medium;
  let books: BookRepository;
  const page = (overrides: Partial<WantedPage> = {}): WantedPage => ({
    sortColumn: 'b.id',
    ascending: true,
    limit: 10,
    offset: 0,
    monitored: true,
    ...overrides,
  });

  beforeAll(async () => {
    medium = await newMediumService({
      imports: [ProfileModule],
      providers: [BookRepository, BookFileRepository, RootFolderRepository, PreparedStatements, DatabaseServer],
    });
    books = medium.get(BookRepository);
  });
  afterAll(() => medium.close());
  beforeEach(async () => {
    await medium.resetTables();
    await medium.get(ProfileSeeder).onModuleInit();
  });

  it('findMissing: released, monitored books without a file, paged and sorted; countMissing agrees', async () => {
    const author = await createAuthor(medium.dataSource, { name: 'Ann Author' });
    const old = await createBook(medium.dataSource, author, { title: 'Beta', releaseDate: new Date('2001-01-01') });
    const newer = await createBook(medium.dataSource, author, { title: 'Alpha', releaseDate: new Date('2010-01-01') });
    const owned = await createBook(medium.dataSource, author, { title: 'Owned' });
    await createBookFile(medium.dataSource, owned.editionId);
    await createBook(medium.dataSource, author, { title: 'Future', releaseDate: new Date('2999-01-01') });
    const unmonitored = await createBook(medium.dataSource, author, { title: 'Ignored', monitored: false });

    expect((await books.findMissing(page())).map((row) => row.id)).toEqual([old.id, newer.id]);
    expect((await books.findMissing(page({ sortColumn: 'b.title' }))).map((row) => row.title)).toEqual([
      'Alpha',
      'Beta',
    ]);
    expect((await books.findMissing(page({ limit: 1, offset: 1 }))).map((row) => row.id)).toEqual([newer.id]);
    expect(await books.countMissing(page())).toBe(2);
    expect((await books.findMissing(page({ monitored: false }))).map((row) => row.id)).toEqual([unmonitored.id]);
  });

  it('findCutoffUnmet: a book whose only file is below the profile cutoff (same media kind)', async () => {
    const author = await createAuthor(medium.dataSource);
    const below = await createBook(medium.dataSource, author, { title: 'PDF only' });
    await createBookFile(medium.dataSource, below.editionId, { qualityId: QUALITY_IDS.pdf });
    const met = await createBook(medium.dataSource, author, { title: 'Has EPUB' });
    await createBookFile(medium.dataSource, met.editionId, { qualityId: QUALITY_IDS.pdf });
    await createBookFile(medium.dataSource, met.editionId, { qualityId: QUALITY_IDS.epub });
    const profiles = await medium.get(QualityProfileService).findAll();
    const cutoffs = profiles.map((profile) => cutoffSets(profile, true));

    expect((await books.findCutoffUnmet(page(), cutoffs)).map((row) => row.id)).toEqual([below.id]);
    expect(await books.countCutoffUnmet(page(), cutoffs)).toBe(1);
  });

  it('deleteWithFiles removes the book and its file rows and answers their paths', async () => {
    const author = await createAuthor(medium.dataSource);
    const book = await createBook(medium.dataSource, author);
    const file = await createBookFile(medium.dataSource, book.editionId);
    expect(await books.deleteWithFiles(book.id)).toEqual([file.path]);
    expect(await medium.sql(`SELECT id FROM book_file`)).toEqual([]);
    expect(await medium.sql(`SELECT id FROM book`)).toEqual([]);
  });

  it('BookFileRepository: projected rows by author, book and id; renames and retirements', async () => {
    const files = medium.get(BookFileRepository);
    const author = await createAuthor(medium.dataSource);
    const book = await createBook(medium.dataSource, author);
    const file = await createBookFile(medium.dataSource, book.editionId);
    const unmapped = await createBookFile(medium.dataSource, null);

    expect(await files.findRowsByAuthor(author.id)).toEqual([
      expect.objectContaining({ id: file.id, bookId: book.id, authorId: author.id, path: file.path }),
    ]);
    expect((await files.findRowsByBooks([book.id])).map((row) => row.id)).toEqual([file.id]);
    expect((await files.findUnmappedRows()).map((row) => row.id)).toEqual([unmapped.id]);
    await files.setPath(file.id, '/books/renamed.epub');
    expect((await files.findRowsByIds([file.id]))[0].path).toBe('/books/renamed.epub');
    expect(await files.deleteReturningOwner(file.id)).toEqual({ bookId: book.id, authorId: author.id });
    expect(await files.findRowsByIds([file.id])).toEqual([]);
  });

  it('RootFolderRepository.paths() lists the root folders sorted', async () => {
    const profile = await medium.sql<{ id: number }>(`SELECT min(id) AS id FROM quality_profile`);
    const metadata = await medium.sql<{ id: number }>(`SELECT min(id) AS id FROM metadata_profile`);
    for (const path of ['/srv/b', '/srv/a'])
      await medium.sql(
        `INSERT INTO root_folder (name, path, default_quality_profile_id, default_metadata_profile_id)
         VALUES ($1::text, $1::text, $2, $3)`,
        [path, profile[0].id, metadata[0].id],
      );
    expect(await medium.get(RootFolderRepository).paths()).toEqual(['/srv/a', '/srv/b']);
  });
});
