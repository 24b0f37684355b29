import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { DiskScanRepository } from '../../../../src/files/disk-scan/disk-scan.repository';
import { DiskScanService, SCAN_BATCH } from '../../../../src/files/disk-scan/disk-scan.service';
import { ImportDecisionService } from '../../../../src/files/import/import-decision.service';
import { BookFileDeletedEvent } from '../../../../src/library/book-file/book-file.events';
import { BookFileRepository } from '../../../../src/library/book-file/book-file.repository';
import { BookFileService } from '../../../../src/library/book-file/book-file.service';
import { QualityProfileService } from '../../../../src/library/profile/quality-profile/quality-profile.service';
import { DomainEvents } from '../../../../src/platform/common/events/domain-events';
import { MediaFileDeletionService } from '../../../../src/library/recycle-bin/media-file-deletion.service';
import { RecycleBinService } from '../../../../src/library/recycle-bin/recycle-bin.service';
import { MEDIA_MANAGEMENT_CONFIG_DEFAULTS } from '../../../../src/platform/settings/media-management/media-management-config';
import { MediaManagementConfigService } from '../../../../src/platform/settings/media-management/media-management-config.service';
import { createAuthor, createBook, createBookFile, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

/** The books the fake import matcher knows: a file whose name contains a title is that book's (by edition). */
const known = new Map<string, number>();
/** What the scan asked the matcher: author id and file names. */
const asked: { authorId?: number; files: string[] }[] = [];
let recycleBin = '';

const fakeDecisions = {
  async decide(paths: string[], hints: { authorId?: number }) {
    asked.push({ authorId: hints.authorId, files: paths.map((path) => basename(path)).sort() });
    return paths.map((path) => {
      const title = [...known.keys()].find((candidate) => basename(path).includes(candidate));
      return title
        ? { path, book: { bookId: 1 }, editionId: known.get(title), info: {}, rejections: [] }
        : { path, info: {}, rejections: [{ reason: 'no match' }] };
    });
  },
};

function write(path: string, content = 'x') {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

/**
 * RescanFolders on a real folder tree and PostgreSQL: media files walked (hidden entries, other files and the
 * recycle bin left out), rows upserted in batches, new files in an author's folder matched to its books, rows of
 * vanished files removed — never under a folder that is missing. The import matcher is a fake.
 */
describe('disk scan (medium)', () => {
  let medium: Medium;
  let scanner: DiskScanService;
  let root: string;
  const progress: string[] = [];
  const scan = (...folders: string[]) => scanner.scan(folders, async (message) => void progress.push(message));
  const paths = async () =>
    (await medium.sql<{ path: string }>(`SELECT path FROM book_file ORDER BY path`)).map((row) =>
      row.path.replace(`${root}/`, ''),
    );

  beforeAll(async () => {
    medium = await newMediumService({
      providers: [
        DiskScanRepository,
        DiskScanService,
        BookFileRepository,
        BookFileService,
        MediaFileDeletionService,
        RecycleBinService,
      ],
      fakes: [
        // The scan only forgets rows through the book-file service, which never asks for profiles then.
        [QualityProfileService, {}],
        [ImportDecisionService, fakeDecisions],
        [MediaManagementConfigService, { load: async () => ({ ...MEDIA_MANAGEMENT_CONFIG_DEFAULTS, recycleBin }) }],
      ],
      tables: ['author_metadata', 'author', 'book', 'edition', 'book_file'],
    });
    await ensureProfiles(medium.dataSource);
    scanner = medium.get(DiskScanService);
  });
  afterAll(() => medium.close());
  beforeEach(async () => {
    await medium.resetTables();
    root = mkdtempSync(join(tmpdir(), 'quire-medium-scan-'));
    known.clear();
    asked.length = 0;
    progress.length = 0;
    recycleBin = `${root}/recycle/`;
  });

  it("adds media files, leaves out hidden, non-media and recycled ones, and maps new files in an author's folder", async () => {
    const ann = await createAuthor(medium.dataSource, { name: 'Ann', path: `${root}/Ann` });
    const book = await createBook(medium.dataSource, ann, { title: 'Alpha' });
    known.set('Alpha', book.editionId);
    write(`${root}/Ann/Alpha/Alpha.epub`);
    write(`${root}/Ann/Beta.mobi`);
    write(`${root}/Ann/cover.jpg`);
    write(`${root}/Ann/.hidden.epub`);
    write(`${root}/.cache/c.epub`);
    write(`${root}/Anne/Alpha.epub`); // a sibling folder whose name starts alike: not Ann's
    write(`${root}/recycle/Alpha.epub`);
    write(`${root}/loose.PDF`);

    const counts = await scan(root);
    expect(counts).toEqual({ folders: 1, files: 4, added: 4, updated: 0, removed: 0, mapped: 1, skippedFolders: [] });
    expect(await paths()).toEqual(['Ann/Alpha/Alpha.epub', 'Ann/Beta.mobi', 'Anne/Alpha.epub', 'loose.PDF']);
    expect(asked).toEqual([{ authorId: ann.id, files: ['Alpha.epub', 'Beta.mobi'] }]);
    const rows = await medium.sql<{ path: string; edition_id: number | null; quality_id: number; media_kind: string }>(
      `SELECT path, edition_id, quality_id, media_kind FROM book_file ORDER BY path`,
    );
    expect(rows.map((row) => [row.edition_id, row.quality_id, row.media_kind])).toEqual([
      [book.editionId, 3, 'ebook'],
      [null, 2, 'ebook'],
      [null, 3, 'ebook'],
      [null, 1, 'ebook'],
    ]);
  });

  it('a rescan refreshes changed files, removes rows of vanished ones, and asks the matcher only about new files', async () => {
    const ann = await createAuthor(medium.dataSource, { name: 'Ann', path: `${root}/Ann` });
    const book = await createBook(medium.dataSource, ann, { title: 'Alpha' });
    write(`${root}/Ann/Alpha.epub`);
    write(`${root}/Ann/Gone.epub`);
    await scan(root);
    // Mapped by hand meanwhile (a manual import): a rescan keeps it.
    await medium.sql(`UPDATE book_file SET edition_id = $1 WHERE path LIKE '%Alpha.epub'`, [book.editionId]);
    asked.length = 0;

    appendFileSync(`${root}/Ann/Alpha.epub`, 'more bytes');
    rmSync(`${root}/Ann/Gone.epub`);
    write(`${root}/Ann/New.epub`);
    const counts = await scan(root);
    expect(counts).toMatchObject({ files: 2, added: 1, updated: 1, removed: 1, mapped: 0 });
    expect(asked).toEqual([{ authorId: ann.id, files: ['New.epub'] }]);
    const [alpha] = await medium.sql<{ size: string; edition_id: number }>(
      `SELECT size, edition_id FROM book_file WHERE path LIKE '%Alpha.epub'`,
    );
    expect(alpha).toEqual({ size: String('x'.length + 'more bytes'.length), edition_id: book.editionId });
    expect(await scan(root)).toMatchObject({ added: 0, updated: 0, removed: 0 });
  });

  it('a vanished file of a book announces bookfile.deleted (missingFromDisk); an unmapped one goes silently', async () => {
    const ann = await createAuthor(medium.dataSource, { name: 'Ann', path: `${root}/Ann` });
    const book = await createBook(medium.dataSource, ann, { title: 'Alpha' });
    const mapped = await createBookFile(medium.dataSource, book.editionId, { path: `${root}/Ann/Alpha.epub` });
    await createBookFile(medium.dataSource, null, { path: `${root}/Ann/Loose.epub` });
    write(`${root}/Ann/Kept.epub`);
    const seen: BookFileDeletedEvent[] = [];
    const stop = medium.get(DomainEvents).on(BookFileDeletedEvent.NAME, (event) => void seen.push(event));
    try {
      expect(await scan(root)).toMatchObject({ removed: 2 });
    } finally {
      stop();
    }
    expect(seen).toEqual([
      expect.objectContaining({
        bookFileId: mapped.id,
        bookId: book.id,
        authorId: ann.id,
        path: `${root}/Ann/Alpha.epub`,
        reason: 'missingFromDisk',
      }),
    ]);
    expect(await paths()).toEqual(['Ann/Kept.epub']);
  });

  it('a missing folder is skipped and its rows kept (an unmounted disk must not empty the library)', async () => {
    await createBookFile(medium.dataSource, null, { path: `${root}/unmounted/Book.epub` });
    await createBookFile(medium.dataSource, null, { path: `${root}/unmounted-too/Other.epub` });
    write(`${root}/here/Book.epub`);
    const counts = await scan(`${root}/here`, `${root}/unmounted`);
    expect(counts).toMatchObject({ folders: 1, added: 1, removed: 0, skippedFolders: [`${root}/unmounted`] });
    expect(await paths()).toEqual(['here/Book.epub', 'unmounted-too/Other.epub', 'unmounted/Book.epub']);
    // Scanning the parent: the file is really gone, and its row goes; the sibling's too.
    expect((await scan(root)).removed).toBe(2);
  });

  it(`works through more than ${SCAN_BATCH} files in batches, reports progress, and removes across batches`, async () => {
    const total = 2 * SCAN_BATCH + 205;
    for (let index = 0; index < total; index++) write(`${root}/many/${String(index).padStart(4, '0')}.epub`);
    expect(await scan(root)).toMatchObject({ files: total, added: total });
    expect(progress).toEqual([`Scanned 1000 files in ${root}`]);

    for (let index = 0; index < total; index += 2) rmSync(`${root}/many/${String(index).padStart(4, '0')}.epub`);
    expect((await scan(root)).removed).toBe(Math.ceil(total / 2));
    expect(await medium.sql(`SELECT count(*)::int AS n FROM book_file`)).toEqual([{ n: Math.floor(total / 2) }]);
  });
});
