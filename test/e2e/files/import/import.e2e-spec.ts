import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { CompletedDownloadService } from '../../../../src/files/import/completed-download.service';
import { BookImportedEvent } from '../../../../src/files/import/import.events';
import { RecycleBinService } from '../../../../src/library/recycle-bin/recycle-bin.service';
import { TrackedDownloadService } from '../../../../src/acquisition/queue/tracked-download.service';
import { qualityModel } from '../../../../src/acquisition/parser/quality-model';
import { DomainEvents } from '../../../../src/platform/common/events/domain-events';
import { createAuthor, createBook } from '../../../factories';
import { FakeQBittorrent } from '../../../fakes/qbittorrent-fake';
import { makeEpub, makeMp3 } from '../../../fixtures/media/generators';
import { runCommand } from '../../../utils/commands';
import { recordLibraryNotifications, type RecordedLibraryNotification } from '../../../utils/library-events';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { addQBittorrent, ebookProfileId } from '../../../utils/search-fixture';

describe('completed-download import', () => {
  let t: TestApp;
  let db: DataSource;
  let qbit: FakeQBittorrent;
  let root: string;
  let downloads: string;
  let clientId: number;
  let notifications: RecordedLibraryNotification[] = [];
  const imported: unknown[] = [];

  beforeAll(async () => {
    qbit = await new FakeQBittorrent('admin', 'secret').start();
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '50' });
    db = t.app.get(DataSource);
    notifications = recordLibraryNotifications(t);
    t.app.get(DomainEvents).on(BookImportedEvent.NAME, (event) => imported.push(event));
    root = mkdtempSync(join(tmpdir(), 'quire-root-'));
    downloads = mkdtempSync(join(tmpdir(), 'quire-downloads-'));
    await t.api
      .put('/api/v1/config/naming')
      .send({
        renameBooks: true,
        standardBookFormat: '{Book Title}/{Author Name} - {Book Title}{ (PartNumber)}',
        authorFolderFormat: '{Author Name}',
      })
      .expect(200);
    await t.api.put('/api/v1/config/mediamanagement').send({ skipFreeSpaceCheckWhenImporting: true }).expect(200);
    clientId = await addQBittorrent(t, {
      port: qbit.port,
      username: 'admin',
      password: 'secret',
      extra: { removeCompletedDownloads: true },
    });
  });

  afterAll(async () => {
    await t.close();
    await qbit.stop();
  });

  const ebookProfile = () => ebookProfileId(db);

  /** A finished torrent in the fake client, its folder holding `files`, tracked as a grab of `bookId`. */
  async function finishedDownload(name: string, hash: string, authorId: number, bookIds: number[], inClient = false) {
    const folder = join(downloads, name);
    mkdirSync(folder, { recursive: true });
    // Only the acceptance case goes through the client; the others drive CompletedDownloadService directly
    // (so a scheduled RefreshMonitoredDownloads cannot import them behind the test's back).
    if (inClient)
      qbit.torrents.push({
        hash,
        name,
        category: 'readarr',
        size: 1000,
        amount_left: 0,
        eta: 0,
        state: 'pausedUP',
        save_path: `${downloads}/`,
        content_path: folder,
      });
    const tracked = await t.app.get(TrackedDownloadService).create({
      downloadClientId: clientId,
      downloadId: hash.toUpperCase(),
      authorId,
      bookIds,
      title: name,
      indexer: 'Fake',
      protocol: 'torrent',
      quality: qualityModel(3),
      release: null,
    });
    tracked.outputPath = folder;
    await t.app.get(TrackedDownloadService).save(tracked);
    return { folder, tracked };
  }

  it('imports a finished download holding a real EPUB: renamed into the root folder, listed, no longer missing', async () => {
    const author = await createAuthor(db, {
      name: 'Ursula K. Le Guin',
      rootFolderPath: root,
      qualityProfileId: await ebookProfile(),
    });
    const book = await createBook(db, author, { title: 'The Dispossessed', edition: { isbn13: '9780061054884' } });
    const missingBefore = (await t.api.get('/api/v1/wanted/missing?pageSize=100').expect(200)).body.records;
    expect(missingBefore.map((b: { id: number }) => b.id)).toContain(book.id);

    const { folder } = await finishedDownload(
      'Le Guin - The Dispossessed [EPUB]',
      'aa'.repeat(20),
      author.id,
      [book.id],
      true,
    );
    // Tags decide, not the file name: the EPUB is named like nothing in the library.
    await makeEpub(join(folder, 'x9f3.epub'), {
      title: 'The Dispossessed',
      author: 'Ursula K. Le Guin',
      isbn: '978-0-06-105488-4',
      language: 'en',
    });
    writeFileSync(join(folder, 'readme.nfo'), 'not a book');

    const command = await runCommand(t, 'RefreshMonitoredDownloads');
    expect(command.status).toBe('completed');

    const expected = join(root, 'Ursula K. Le Guin', 'The Dispossessed', 'Ursula K. Le Guin - The Dispossessed.epub');
    expect(existsSync(expected)).toBe(true);
    const files = (await t.api.get(`/api/v1/bookfile?bookId=${book.id}`).expect(200)).body;
    expect(files).toEqual([
      expect.objectContaining({
        path: expected,
        bookId: book.id,
        authorId: author.id,
        quality: expect.objectContaining({ quality: { id: 3, name: 'EPUB' } }),
      }),
    ]);
    const missingAfter = (await t.api.get('/api/v1/wanted/missing?pageSize=100').expect(200)).body.records;
    expect(missingAfter.map((b: { id: number }) => b.id)).not.toContain(book.id);

    const history = (await t.api.get(`/api/v1/history/author?authorId=${author.id}`).expect(200)).body;
    expect(history.map((h: { eventType: string }) => h.eventType).sort()).toEqual([
      'bookFileImported',
      'downloadImported',
    ]);
    const importedEntry = history.find((h: { eventType: string }) => h.eventType === 'bookFileImported');
    expect(importedEntry.data).toMatchObject({ importedPath: expected, droppedPath: join(folder, 'x9f3.epub') });
    // a torrent keeps seeding: hard link or copy, the source stays; the client was asked to remove it
    expect(existsSync(join(folder, 'x9f3.epub'))).toBe(true);
    expect(qbit.torrents.find((torrent) => torrent.hash === 'aa'.repeat(20))).toBeUndefined();
    expect(notifications).toContainEqual(expect.objectContaining({ title: 'Book imported', eventType: 'download' }));
    expect(imported).toContainEqual(expect.objectContaining({ init: expect.objectContaining({ bookId: book.id }) }));
    const [state] = await db.query(`SELECT state FROM tracked_download WHERE download_id = $1`, ['AA'.repeat(20)]);
    expect(state?.state ?? 'removed').not.toBe('importFailed');
  });

  it('a file that does not match closely enough is not imported; the source stays and the reason is recorded', async () => {
    const author = await createAuthor(db, { name: 'Frank Herbert', rootFolderPath: root });
    const book = await createBook(db, author, { title: 'Dune' });
    const { folder, tracked } = await finishedDownload('Herbert - Dune', 'bb'.repeat(20), author.id, [book.id]);
    await makeEpub(join(folder, 'book.epub'), { title: 'A Completely Different Novel', author: 'Someone Else' });

    const results = await t.app.get(CompletedDownloadService).import(tracked);
    expect(results).toEqual([]);
    expect(readdirSync(folder)).toEqual(['book.epub']);
    const [row] = await db.query(`SELECT state, status_messages FROM tracked_download WHERE id = $1`, [tracked.id]);
    expect(row.state).toBe('importFailed');
    expect(row.status_messages[0].messages[0]).toMatch(/Book match is not close enough: \d+% < 70%/);
    const history = (await t.api.get(`/api/v1/history/author?authorId=${author.id}`).expect(200)).body;
    expect(history).toEqual([expect.objectContaining({ eventType: 'bookImportIncomplete', bookId: book.id })]);
    expect(notifications).toContainEqual(
      expect.objectContaining({ title: 'Import failed', eventType: 'importFailure' }),
    );

    // the threshold is a setting: lowered far enough, the same file is accepted
    await t.api.put('/api/v1/config/mediamanagement').send({ importMatchThreshold: 20 }).expect(200);
    try {
      const again = await t.app.get(CompletedDownloadService).import(tracked);
      expect(again.filter((r) => r.imported)).toHaveLength(1);
    } finally {
      await t.api.put('/api/v1/config/mediamanagement').send({ importMatchThreshold: 70 }).expect(200);
    }
  });

  it('upgrades within one media kind only; the old file goes to the recycle bin; an audiobook coexists', async () => {
    const recycle = mkdtempSync(join(tmpdir(), 'quire-recycle-'));
    await t.api.put('/api/v1/config/mediamanagement').send({ recycleBin: recycle }).expect(200);
    const author = await createAuthor(db, {
      name: 'Andy Weir',
      rootFolderPath: root,
      qualityProfileId: await ebookProfile(),
    });
    const book = await createBook(db, author, { title: 'Project Hail Mary' });
    const bookFolder = join(root, 'Andy Weir', 'Project Hail Mary');
    mkdirSync(bookFolder, { recursive: true });
    const oldPath = join(bookFolder, 'old.pdf');
    writeFileSync(oldPath, '%PDF-1.4 old');
    const [old] = await db.query(
      `INSERT INTO book_file (edition_id, path, size, quality_id, media_kind, quality_revision)
       VALUES ($1, $2, 12, 1, 'ebook', '{"version":1,"real":0,"isRepack":false}') RETURNING id`,
      [book.editionId, oldPath],
    );

    const first = await finishedDownload('Andy Weir - Project Hail Mary', 'cc'.repeat(20), author.id, [book.id]);
    await makeEpub(join(first.folder, 'phm.epub'), { title: 'Project Hail Mary', author: 'Andy Weir' });
    makeMp3(join(first.folder, 'phm.mp3'), {
      title: 'Project Hail Mary',
      album: 'Project Hail Mary',
      artist: 'Andy Weir',
    });
    const results = await t.app.get(CompletedDownloadService).import(first.tracked);
    expect(results.filter((r) => r.imported)).toHaveLength(2);

    const files = (await t.api.get(`/api/v1/bookfile?bookId=${book.id}`).expect(200)).body;
    expect(files.map((f: { quality: { quality: { name: string } } }) => f.quality.quality.name).sort()).toEqual([
      'EPUB',
      'MP3',
    ]);
    expect(files.map((f: { id: number }) => f.id)).not.toContain(old.id);
    expect(existsSync(oldPath)).toBe(false);
    // in the bin under its author and book folders, as Readarr keeps them
    expect(readdirSync(join(recycle, 'Andy Weir', 'Project Hail Mary'))).toEqual(['old.pdf']);
    // the bin keeps entries for recycleBinCleanupDays (7 by default), then CleanUpRecycleBin/Housekeeping empties it
    const bin = t.app.get(RecycleBinService);
    expect(await bin.cleanUp()).toBe(0);
    expect(await bin.cleanUp(new Date(Date.now() + 8 * 86_400_000))).toBe(1);
    expect(readdirSync(recycle)).toEqual([]);

    // a second, worse ebook is rejected as not an upgrade; the audiobook is untouched by ebook decisions
    const second = await finishedDownload('Andy Weir - Project Hail Mary (pdf)', 'dd'.repeat(20), author.id, [book.id]);
    writeFileSync(join(second.folder, 'Andy Weir - Project Hail Mary.pdf'), '%PDF-1.4\n');
    expect(await t.app.get(CompletedDownloadService).import(second.tracked)).toEqual([]);
    const [row] = await db.query(`SELECT status_messages FROM tracked_download WHERE id = $1`, [second.tracked.id]);
    expect(row.status_messages[0].messages[0]).toContain('Not an upgrade for existing book file(s)');
    await t.api.put('/api/v1/config/mediamanagement').send({ recycleBin: '' }).expect(200);
  });

  it('usenet downloads are moved; extra files follow; the file date can be the release date', async () => {
    await t.api
      .put('/api/v1/config/mediamanagement')
      .send({ importExtraFiles: true, extraFileExtensions: 'opf, jpg', fileDate: 'bookReleaseDate' })
      .expect(200);
    try {
      const author = await createAuthor(db, { name: 'N. K. Jemisin', rootFolderPath: root });
      const book = await createBook(db, author, {
        title: 'The Fifth Season',
        releaseDate: new Date('2015-08-04T00:00:00Z'),
        edition: { releaseDate: new Date('2015-08-04T00:00:00Z') },
      });
      const { folder, tracked } = await finishedDownload('Jemisin - The Fifth Season', 'ee'.repeat(20), author.id, [
        book.id,
      ]);
      tracked.protocol = 'usenet';
      await t.app.get(TrackedDownloadService).save(tracked);
      await makeEpub(join(folder, 'tfs.epub'), { title: 'The Fifth Season', author: 'N. K. Jemisin' });
      writeFileSync(join(folder, 'metadata.opf'), '<package/>');
      writeFileSync(join(folder, 'cover.jpg'), 'jpeg');
      writeFileSync(join(folder, 'info.nfo'), 'nfo');
      const [result] = await t.app.get(CompletedDownloadService).import(tracked);
      expect(result.imported).toBe(true);
      const bookFolder = join(root, 'N. K. Jemisin', 'The Fifth Season');
      expect(readdirSync(bookFolder).sort()).toEqual([
        'N. K. Jemisin - The Fifth Season.epub',
        'cover.jpg',
        'metadata.opf',
      ]);
      expect(existsSync(join(folder, 'tfs.epub'))).toBe(false);
      expect(statSync(result.path!).mtime.toISOString()).toBe('2015-08-04T00:00:00.000Z');
    } finally {
      await t.api.put('/api/v1/config/mediamanagement').send({ importExtraFiles: false, fileDate: 'none' }).expect(200);
    }
  });
});
