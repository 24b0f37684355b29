import { DataSource } from 'typeorm';
import { qualityModel } from '../../../../src/acquisition/parser/quality-model';
import { BookGrabbedEvent, DownloadFailedEvent } from '../../../../src/acquisition/queue/download.events';
import { BookImportedEvent, DownloadImportFailedEvent } from '../../../../src/files/import/import.events';
import { BookFileRetaggedEvent, BookFilesRenamedEvent } from '../../../../src/files/organizer/organizer.events';
import { AuthorDeletedEvent } from '../../../../src/library/author/author.events';
import { BookDeletedEvent } from '../../../../src/library/book/book.events';
import { BookFileDeletedEvent } from '../../../../src/library/book-file/book-file.events';
import { AuthorAddCompletedEvent } from '../../../../src/metadata/source/refresh/refresh.events';
import { HealthIssuesChangedEvent } from '../../../../src/platform/system/health/health.events';
import { createAuthor, createBook, createBookFile, ensureProfiles } from '../../../factories';
import { FakeHttpServer, sendJson } from '../../../fakes/fake-http';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { emitLibraryEvent } from '../../../utils/library-events';

const ALL_FLAGS = {
  onGrab: true,
  onReleaseImport: true,
  onUpgrade: true,
  onRename: true,
  onAuthorAdded: true,
  onAuthorDelete: true,
  onBookDelete: true,
  onBookFileDelete: true,
  onBookFileDeleteForUpgrade: true,
  onHealthIssue: true,
  includeHealthWarnings: true,
  onDownloadFailure: true,
  onImportFailure: true,
  onBookRetag: true,
};

/**
 * The JSON a Webhook connection sends for each event, field for field as Readarr's WebhookBase builds it (its
 * Webhook*Payload classes, serialized camelCase with null values left out and dates without fractions), from a
 * library seeded with a known author, book, monitored edition, file, download client and custom format. The
 * expected objects are written from Readarr's payload classes, not from what Quire sends.
 */
describe('Webhook connection: Readarr’s payload per event (recording fake)', () => {
  let t: TestApp;
  const hook = new FakeHttpServer((_request, response) => sendJson(response, 200, {}));
  const ids = { author: 0, book: 0, file: 0, client: 0, format: 0 };
  let author: Record<string, unknown>;
  let book: Record<string, unknown>;
  let bookFile: Record<string, unknown>;

  /** Emits the event and answers the bodies the fake received for it. */
  const sent = async (event: object): Promise<Record<string, unknown>[]> => {
    const mark = hook.requests.length;
    await emitLibraryEvent(t, event);
    return hook.requests.slice(mark).map((request) => JSON.parse(request.body.toString()));
  };

  beforeAll(async () => {
    await hook.start();
    t = await createTestApp({ INSTANCE_NAME: 'Bookshelf' });
    const db = t.app.get(DataSource);
    await ensureProfiles(db);
    const jane = await createAuthor(db, {
      name: 'Jane Austen',
      foreignAuthorId: 'OL21594A',
      path: '/books/Jane Austen',
    });
    const emma = await createBook(db, jane, {
      title: 'Emma',
      foreignBookId: 'OL66554W',
      releaseDate: new Date('1815-12-23T00:00:00Z'),
      edition: { title: 'Emma (Penguin Classics)', foreignEditionId: 'OL7353617M', isbn13: '9780141439587' },
    });
    await db.query(`UPDATE edition SET asin = 'B008TVLTR2' WHERE id = $1`, [emma.editionId]);
    const file = await createBookFile(db, emma.editionId, {
      path: '/books/Jane Austen/Emma/Emma.epub',
      size: 654321,
      qualityId: 3,
      dateAdded: new Date('2024-03-04T05:06:07Z'),
    });
    await db.query(`UPDATE book_file SET release_group = 'PENGUIN' WHERE id = $1`, [file.id]);
    const [client] = await db.query(
      `INSERT INTO provider_definition (kind, name, implementation, config_contract)
       VALUES ('downloadClient', 'My SABnzbd', 'Sabnzbd', 'SabnzbdSettings') RETURNING id`,
    );
    const [format] = await db.query(`INSERT INTO custom_format (name) VALUES ('Retail') RETURNING id`);
    await db.query(
      `INSERT INTO tracked_download (download_client_id, download_id, title, quality)
       VALUES ($1, 'SAB_nzo_1', 'Jane Austen - Emma (epub)', $2::jsonb)`,
      [client.id, JSON.stringify(qualityModel(3))],
    );
    Object.assign(ids, { author: jane.id, book: emma.id, file: file.id, client: client.id, format: format.id });
    author = { id: jane.id, name: 'Jane Austen', path: '/books/Jane Austen', goodreadsId: 'OL21594A' };
    book = {
      id: emma.id,
      goodreadsId: 'OL66554W',
      title: 'Emma',
      edition: {
        title: 'Emma (Penguin Classics)',
        goodreadsId: 'OL7353617M',
        asin: 'B008TVLTR2',
        isbn13: '9780141439587',
      },
      releaseDate: '1815-12-23T00:00:00Z',
    };
    bookFile = {
      id: file.id,
      path: '/books/Jane Austen/Emma/Emma.epub',
      quality: 'EPUB',
      qualityVersion: 1,
      releaseGroup: 'PENGUIN',
      size: 654321,
      dateAdded: '2024-03-04T05:06:07Z',
    };
    await t.api
      .post('/api/v1/notification?forceSave=true')
      .send({
        name: 'Recorder',
        implementation: 'Webhook',
        configContract: 'WebhookSettings',
        fields: [{ name: 'url', value: `${hook.url}/readarr` }],
        ...ALL_FLAGS,
      })
      .expect(200);
  });

  afterAll(async () => {
    await t?.close();
    await hook.stop();
  });

  it('Test: the made-up author and book of Readarr’s test payload', async () => {
    const mark = hook.requests.length;
    const response = await t.api.post('/api/v1/notification/test').send({
      name: 'Tested',
      implementation: 'Webhook',
      configContract: 'WebhookSettings',
      fields: [{ name: 'url', value: `${hook.url}/readarr` }],
    });
    expect(response.status).toBeLessThan(300);
    expect(hook.requests.slice(mark).map((request) => JSON.parse(request.body.toString()))).toEqual([
      {
        eventType: 'Test',
        instanceName: 'Bookshelf',
        author: { id: 1, name: 'Test Name', path: 'C:\\testpath', goodreadsId: 'aaaaa-aaa-aaaa-aaaaaa' },
        books: [{ id: 123, title: 'Test title' }],
      },
    ]);
  });

  it('Grab: author, books with their edition, release, download client and its type, download id', async () => {
    const grab = new BookGrabbedEvent({
      trackedDownloadId: 1,
      authorId: ids.author,
      authorName: 'Jane Austen',
      bookIds: [ids.book],
      bookTitles: ['Emma'],
      release: {
        guid: 'guid-emma',
        title: 'Jane Austen - Emma (epub)',
        indexerId: 1,
        indexer: 'Fake Indexer',
        downloadUrl: 'http://127.0.0.1:1/emma.nzb',
        size: 123456,
        protocol: 'usenet',
        indexerFlags: 0,
        releaseGroup: 'PENGUIN',
      },
      quality: qualityModel(3, { version: 2 }),
      customFormatIds: [ids.format],
      customFormatScore: 25,
      downloadClientId: ids.client,
      downloadClient: 'My SABnzbd',
      downloadId: 'SAB_nzo_1',
      downloadForced: false,
    });
    expect(await sent(grab)).toEqual([
      {
        eventType: 'Grab',
        instanceName: 'Bookshelf',
        author,
        books: [book],
        release: {
          quality: 'EPUB',
          qualityVersion: 2,
          releaseGroup: 'PENGUIN',
          releaseTitle: 'Jane Austen - Emma (epub)',
          indexer: 'Fake Indexer',
          size: 123456,
          customFormatScore: 25,
          customFormats: ['Retail'],
        },
        downloadClient: 'My SABnzbd',
        downloadClientType: 'Sabnzbd',
        downloadId: 'SAB_nzo_1',
      },
    ]);
  });

  it('Download: author, book, bookFiles, isUpgrade and the download client that held the download', async () => {
    const imported = (isUpgrade: boolean) =>
      new BookImportedEvent({
        authorId: ids.author,
        bookId: ids.book,
        bookFileId: ids.file,
        path: '/books/Jane Austen/Emma/Emma.epub',
        sourcePath: '/downloads/Emma.epub',
        qualityId: 3,
        isUpgrade,
        downloadId: 'SAB_nzo_1',
        authorName: 'Jane Austen',
        bookTitle: 'Emma',
      });
    const expected = (isUpgrade: boolean) => ({
      eventType: 'Download',
      instanceName: 'Bookshelf',
      author,
      book,
      bookFiles: [bookFile],
      isUpgrade,
      downloadClient: 'My SABnzbd',
      downloadClientType: 'Sabnzbd',
      downloadId: 'SAB_nzo_1',
    });
    expect(await sent(imported(false))).toEqual([expected(false)]);
    expect(await sent(imported(true))).toEqual([expected(true)]);
  });

  it('Rename: author and renamedBookFiles (each file with its previousPath)', async () => {
    const renamed = new BookFilesRenamedEvent([
      {
        bookFileId: ids.file,
        authorId: ids.author,
        bookId: ids.book,
        previousPath: '/books/Jane Austen/Emma.epub',
        path: '/books/Jane Austen/Emma/Emma.epub',
      },
    ]);
    expect(await sent(renamed)).toEqual([
      {
        eventType: 'Rename',
        instanceName: 'Bookshelf',
        author,
        renamedBookFiles: [{ ...bookFile, previousPath: '/books/Jane Austen/Emma.epub' }],
      },
    ]);
  });

  it('AuthorAdded: the author', async () => {
    expect(await sent(new AuthorAddCompletedEvent(ids.author, 'OL21594A', 'Jane Austen', 1))).toEqual([
      { eventType: 'AuthorAdded', instanceName: 'Bookshelf', author },
    ]);
  });

  it('AuthorDelete: the author and deletedFiles', async () => {
    const deleted = new AuthorDeletedEvent(ids.author, 'OL21594A', 'Jane Austen', '/books/Jane Austen', true, false);
    expect(await sent(deleted)).toEqual([
      { eventType: 'AuthorDelete', instanceName: 'Bookshelf', author, deletedFiles: true },
    ]);
  });

  it('BookDelete: author, the book as the event names it (its row is gone) and deletedFiles', async () => {
    expect(await sent(new BookDeletedEvent(ids.book, ids.author, 'OL66554W', 'Emma', false))).toEqual([
      {
        eventType: 'BookDelete',
        instanceName: 'Bookshelf',
        author,
        book: { id: ids.book, goodreadsId: 'OL66554W', title: 'Emma' },
        deletedFiles: false,
      },
    ]);
  });

  it('BookFileDelete: author, book and the deleted file; for an upgrade too', async () => {
    const expected = {
      eventType: 'BookFileDelete',
      instanceName: 'Bookshelf',
      author,
      book,
      bookFile: { id: 99, path: '/books/Jane Austen/Emma/Emma.mobi' },
    };
    expect(await sent(new BookFileDeletedEvent(99, ids.book, ids.author, '/books/Jane Austen/Emma/Emma.mobi'))).toEqual(
      [expected],
    );
    const upgrade = new BookFileDeletedEvent(99, ids.book, ids.author, '/books/Jane Austen/Emma/Emma.mobi', 'upgrade');
    expect(await sent(upgrade)).toEqual([expected]);
  });

  it('Health: level (the issue’s type), message, type (the check) and wikiUrl', async () => {
    const issue = {
      source: 'IndexerStatusCheck',
      type: 'error' as const,
      message: 'All indexers are unavailable due to failures',
      wikiUrl: 'https://wiki.servarr.com/readarr/system#indexers-are-unavailable-due-to-failures',
    };
    expect(await sent(new HealthIssuesChangedEvent([issue], []))).toEqual([
      {
        eventType: 'Health',
        instanceName: 'Bookshelf',
        level: 'error',
        message: 'All indexers are unavailable due to failures',
        type: 'IndexerStatusCheck',
        wikiUrl: 'https://wiki.servarr.com/readarr/system#indexers-are-unavailable-due-to-failures',
      },
    ]);
    // A resolved issue has no Readarr event: only the hub hears of it.
    expect(await sent(new HealthIssuesChangedEvent([], [issue]))).toEqual([]);
  });

  it('Retag: author and bookFile', async () => {
    const retagged = new BookFileRetaggedEvent({
      author: { id: ids.author, name: 'Jane Austen', path: '/books/Jane Austen', foreignAuthorId: 'OL21594A' },
      book: { id: ids.book, title: 'Emma', foreignBookId: 'OL66554W' },
      bookFile: {
        id: ids.file,
        path: '/books/Jane Austen/Emma/Emma.epub',
        qualityId: 3,
        qualityRevision: { version: 1, real: 0, isRepack: false },
        releaseGroup: 'PENGUIN',
        sceneName: null,
        size: 654321,
        dateAdded: new Date('2024-03-04T05:06:07Z'),
      },
      changes: [{ field: 'title', oldValue: 'Track 1', newValue: 'Emma' }],
      scrubbed: false,
    });
    expect(await sent(retagged)).toEqual([{ eventType: 'Retag', instanceName: 'Bookshelf', author, bookFile }]);
  });

  it('DownloadFailure and ImportFailure (Quire’s, Readarr’s webhook has neither): author, books, client, reason', async () => {
    const failed = new DownloadFailedEvent({
      authorId: ids.author,
      bookIds: [ids.book],
      sourceTitle: 'Jane Austen - Emma (epub)',
      quality: qualityModel(3),
      customFormatIds: [],
      message: 'The download client lost it',
      downloadClientId: ids.client,
      downloadClient: 'My SABnzbd',
      downloadId: 'SAB_nzo_1',
      skipRedownload: true,
    });
    const common = {
      instanceName: 'Bookshelf',
      author,
      books: [book],
      sourceTitle: 'Jane Austen - Emma (epub)',
      downloadClient: 'My SABnzbd',
      downloadClientType: 'Sabnzbd',
      downloadId: 'SAB_nzo_1',
    };
    expect(await sent(failed)).toEqual([
      { eventType: 'DownloadFailure', ...common, quality: 'EPUB', message: 'The download client lost it' },
    ]);
    const importFailed = new DownloadImportFailedEvent({
      trackedDownloadId: 1,
      downloadId: 'SAB_nzo_1',
      title: 'Jane Austen - Emma (epub)',
      authorId: ids.author,
      bookIds: [ids.book],
      messages: ['No files found are eligible for import', 'Not a book'],
    });
    expect(await sent(importFailed)).toEqual([
      { eventType: 'ImportFailure', ...common, message: 'No files found are eligible for import\nNot a book' },
    ]);
  });
});
