import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FileHistoryService } from '../../../../src/files/organizer/file-history.service';
import { FileNameBuilder } from '../../../../src/files/organizer/file-name-builder.service';
import { NamingContextRepository } from '../../../../src/files/organizer/naming-context.repository';
import { RenameService } from '../../../../src/files/organizer/rename.service';
import { BookFileRepository } from '../../../../src/library/book-file/book-file.repository';
import { ConfigEntry } from '../../../../src/platform/database/config-entry.entity';
import { ConfigStore } from '../../../../src/platform/database/config-store.service';
import { DatabaseServer } from '../../../../src/platform/database/database-server';
import { PreparedStatements } from '../../../../src/platform/database/prepared-statements';
import { NamingConfigService } from '../../../../src/platform/settings/naming/naming-config.service';
import {
  createAuthor,
  createBook,
  createBookFile,
  createEdition,
  createSeries,
  ensureProfiles,
} from '../../../factories';
import { Medium, newMediumService } from '../../medium';

const history: { eventType: string; sourcePath: unknown; path: unknown }[] = [];

/**
 * Renaming on PostgreSQL and a real folder: the naming rows (author, the file's edition, the book's primary
 * series) read in one query, the stored naming format applied, files already in place left alone, and the
 * planned moves carried out with their rows and history — one failure not stopping the others.
 */
describe('rename (medium)', () => {
  let medium: Medium;
  let renames: RenameService;
  let root: string;

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [ConfigEntry],
      providers: [
        NamingContextRepository,
        FileNameBuilder,
        NamingConfigService,
        ConfigStore,
        PreparedStatements,
        DatabaseServer,
        RenameService,
        BookFileRepository,
      ],
      fakes: [
        [
          FileHistoryService,
          {
            record: async (entry: { eventType: string; data: { sourcePath: unknown; path: unknown } }) =>
              history.push({ eventType: entry.eventType, sourcePath: entry.data.sourcePath, path: entry.data.path }),
          },
        ],
      ],
      tables: ['author_metadata', 'author', 'book', 'edition', 'book_file', 'series', 'series_book_link', 'config'],
    });
    await ensureProfiles(medium.dataSource);
    renames = medium.get(RenameService);
  });
  afterAll(() => medium.close());
  beforeEach(async () => {
    await medium.resetTables();
    history.length = 0;
    root = mkdtempSync(join(tmpdir(), 'quire-medium-rename-'));
    await medium.get(NamingConfigService).update({
      renameBooks: true,
      standardBookFormat: '{Book SeriesTitle}/{Author Name} - {Book Title}{ (PartNumber)}',
    });
  });

  async function fileOnDisk(editionId: number, name: string) {
    const path = join(root, 'Ann Author', name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, 'content');
    return createBookFile(medium.dataSource, editionId, { path });
  }

  it('names files after their own edition and the primary series, with colons replaced; files in place are left', async () => {
    const author = await createAuthor(medium.dataSource, { name: 'Ann Author', path: join(root, 'Ann Author') });
    const dune = await createBook(medium.dataSource, author, { title: 'Dune: Messiah', edition: { title: '' } });
    const translated = await createEdition(medium.dataSource, dune.id, { title: 'Ōe: Über' });
    const solo = await createBook(medium.dataSource, author, { title: 'Solo', edition: { title: 'Solo' } });
    // An earlier position in another series: the primary series still names the folder.
    await createSeries(medium.dataSource, 'Other Saga', [{ bookId: dune.id, position: '1', seriesPosition: 1 }]);
    const primary = await createSeries(medium.dataSource, 'Saga', [
      { bookId: dune.id, position: '2', seriesPosition: 2 },
    ]);
    await medium.sql(`UPDATE series_book_link SET is_primary = true WHERE series_id = $1`, [primary.id]);

    const first = await fileOnDisk(dune.editionId, 'dune.epub');
    const second = await fileOnDisk(translated.id, 'ue.EPUB');
    await fileOnDisk(solo.editionId, 'Ann Author - Solo.epub');

    const plans = await renames.plan({ authorIds: [author.id] });
    expect(plans.map((plan) => [plan.row.bookFileId, plan.newPath.replace(`${root}/`, '')])).toEqual([
      [first.id, 'Ann Author/Saga #2/Ann Author - Dune - Messiah.epub'],
      [second.id, 'Ann Author/Saga #2/Ann Author - Ōe - Über.epub'],
    ]);
    expect((await renames.plan({ bookIds: [solo.id] })).length).toBe(0);
    expect((await renames.plan({ bookFileIds: [second.id] })).map((plan) => plan.row.bookFileId)).toEqual([second.id]);
  });

  it('carries out the moves with their rows and history; one that fails does not stop the others', async () => {
    const author = await createAuthor(medium.dataSource, { name: 'Ann Author', path: join(root, 'Ann Author') });
    const one = await createBook(medium.dataSource, author, { title: 'One' });
    const two = await createBook(medium.dataSource, author, { title: 'Two' });
    const vanished = await createBook(medium.dataSource, author, { title: 'Vanished' });
    const a = await fileOnDisk(one.editionId, 'old/a.epub');
    await createBookFile(medium.dataSource, vanished.editionId, { path: join(root, 'Ann Author', 'gone.epub') });
    const b = await fileOnDisk(two.editionId, 'b.epub');

    const plans = await renames.plan({ authorIds: [author.id] });
    expect(plans).toHaveLength(3);
    expect(await renames.execute(plans)).toBe(2);

    const target = (title: string) => join(root, 'Ann Author', `Ann Author - ${title}.epub`);
    expect([existsSync(target('One')), existsSync(target('Two')), existsSync(a.path)]).toEqual([true, true, false]);
    // The emptied folder goes; the author's folder stays.
    expect([existsSync(dirname(a.path)), existsSync(join(root, 'Ann Author'))]).toEqual([false, true]);
    const rows = await medium.sql<{ id: number; path: string }>(`SELECT id, path FROM book_file ORDER BY id`);
    expect(rows.map((row) => row.path)).toEqual([target('One'), join(root, 'Ann Author', 'gone.epub'), target('Two')]);
    expect(history).toEqual([
      { eventType: 'bookFileRenamed', sourcePath: a.path, path: target('One') },
      { eventType: 'bookFileRenamed', sourcePath: b.path, path: target('Two') },
    ]);
  });

  it("a new file is named after the given edition, else the book's monitored one, else its first", async () => {
    const author = await createAuthor(medium.dataSource, { name: 'Ann Author' });
    const book = await createBook(medium.dataSource, author, { title: 'Book', edition: { title: 'Monitored' } });
    const other = await createEdition(medium.dataSource, book.id, { title: 'Other' });
    const naming = medium.get(NamingContextRepository);

    expect((await naming.book(book.id))?.editionTitle).toBe('Monitored');
    expect((await naming.book(book.id, other.id))?.editionTitle).toBe('Other');
    await medium.sql(`UPDATE edition SET monitored = false WHERE book_id = $1`, [book.id]);
    expect((await naming.book(book.id))?.editionId).toBe(book.editionId);
    expect(await naming.book(book.id + 1000)).toBeUndefined();
    expect((await naming.book(book.id))?.bookFileId).toBeNull();
  });
});
