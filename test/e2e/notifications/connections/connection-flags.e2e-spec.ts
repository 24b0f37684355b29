import { BookFileRetaggedEvent } from '../../../../src/files/organizer/organizer.events';
import { DownloadImportFailedEvent } from '../../../../src/files/import/import.events';
import { AuthorDeletedEvent } from '../../../../src/library/author/author.events';
import { BookDeletedEvent } from '../../../../src/library/book/book.events';
import { BookFileDeletedEvent } from '../../../../src/library/book-file/book-file.events';
import { DownloadFailedEvent } from '../../../../src/acquisition/queue/download.events';
import { qualityModel } from '../../../../src/acquisition/parser/quality-model';
import { HealthIssuesChangedEvent } from '../../../../src/platform/system/health/health.events';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { emitLibraryEvent, libraryEvents } from '../../../utils/library-events';
import { ConnectionFakes, everyKind, KINDS } from './connection-kinds';

/**
 * Every `on*` flag of every connection kind acts: each kind has one connection per flag with only that flag on
 * (plus the flag it refines: `onUpgrade` needs `onReleaseImport`…); each event reaches exactly the connections
 * whose flags want it, so a flag on sends and the same flag off (every other connection) does not.
 */
describe('connections: each on* flag of each kind decides whether an event is sent', () => {
  let t: TestApp;
  const fakes = new ConnectionFakes();

  const retagged = () =>
    new BookFileRetaggedEvent({
      author: { id: 2, name: 'Jane Austen', path: '/books/Jane Austen', foreignAuthorId: 'OL21594A' },
      book: { id: 7, title: 'Emma', foreignBookId: 'OL66554W' },
      bookFile: {
        id: 3,
        path: '/books/Jane Austen/Emma.mp3',
        qualityId: 10,
        qualityRevision: { version: 1, real: 0, isRepack: false },
        releaseGroup: null,
        sceneName: null,
        size: 1000,
        dateAdded: new Date('2024-01-01T00:00:00Z'),
      },
      changes: [{ field: 'title', oldValue: 'Track 1', newValue: 'Emma' }],
      scrubbed: false,
    });
  const health = (type: 'error' | 'warning') =>
    new HealthIssuesChangedEvent([{ source: 'IndexerCheck', type, message: `An indexer ${type}` }], []);

  /** flag → the flags its connection has, the event it is for, and which other connections that event reaches. */
  const CASES: { flag: string; title: string; flags?: string[]; event: () => object; alsoReaches?: string[] }[] = [
    {
      flag: 'onGrab',
      title: 'onGrab on sends a grab, off does not (every kind)',
      event: () => libraryEvents.grabbed(),
    },
    {
      flag: 'onReleaseImport',
      title: 'onReleaseImport on sends an import, off does not (every kind)',
      event: () => libraryEvents.imported(false),
      alsoReaches: ['onUpgrade'],
    },
    {
      flag: 'onUpgrade',
      title: 'onUpgrade on sends an upgrade, off does not (every kind)',
      flags: ['onReleaseImport', 'onUpgrade'],
      event: () => libraryEvents.imported(true),
    },
    {
      flag: 'onRename',
      title: 'onRename on sends a rename, off does not (every kind)',
      event: () => libraryEvents.renamed(),
    },
    {
      flag: 'onAuthorAdded',
      title: 'onAuthorAdded on sends an added author, off does not (every kind)',
      event: () => libraryEvents.authorAdded(),
    },
    {
      flag: 'onAuthorDelete',
      title: 'onAuthorDelete on sends a deleted author, off does not (every kind)',
      event: () => new AuthorDeletedEvent(2, 'OL21594A', 'Jane Austen', '/books/Jane Austen', false, false),
    },
    {
      flag: 'onBookDelete',
      title: 'onBookDelete on sends a deleted book, off does not (every kind)',
      event: () => new BookDeletedEvent(7, 2, 'OL66554W', 'Emma', false),
    },
    {
      flag: 'onBookFileDelete',
      title: 'onBookFileDelete on sends a deleted file, off does not (every kind)',
      event: () => new BookFileDeletedEvent(3, 7, 2, '/books/Jane Austen/Emma.epub'),
      alsoReaches: ['onBookFileDeleteForUpgrade'],
    },
    {
      flag: 'onBookFileDeleteForUpgrade',
      title: 'onBookFileDeleteForUpgrade on sends a file deleted for an upgrade, off does not (every kind)',
      flags: ['onBookFileDelete', 'onBookFileDeleteForUpgrade'],
      event: () => new BookFileDeletedEvent(3, 7, 2, '/books/Jane Austen/Emma.epub', 'upgrade'),
    },
    {
      flag: 'onHealthIssue',
      title: 'onHealthIssue on sends a health error, off does not (every kind)',
      event: () => health('error'),
      alsoReaches: ['includeHealthWarnings'],
    },
    {
      flag: 'includeHealthWarnings',
      title: 'includeHealthWarnings on sends a health warning, off does not (every kind)',
      flags: ['onHealthIssue', 'includeHealthWarnings'],
      event: () => health('warning'),
    },
    {
      flag: 'onDownloadFailure',
      title: 'onDownloadFailure on sends a failed download, off does not (every kind)',
      event: () =>
        new DownloadFailedEvent({
          authorId: 2,
          bookIds: [7],
          sourceTitle: 'Jane Austen - Emma',
          quality: qualityModel(3),
          customFormatIds: [],
          message: 'The download client lost it',
          skipRedownload: true,
        }),
    },
    {
      flag: 'onImportFailure',
      title: 'onImportFailure on sends a failed import, off does not (every kind)',
      event: () =>
        new DownloadImportFailedEvent({
          trackedDownloadId: 1,
          downloadId: 'download-1',
          title: 'Jane Austen - Emma',
          authorId: 2,
          bookIds: [7],
          messages: ['No files found are eligible for import'],
        }),
    },
    {
      flag: 'onBookRetag',
      title: 'onBookRetag on sends a retag, off does not (every kind)',
      event: retagged,
    },
  ];

  beforeAll(async () => {
    await fakes.start();
    t = await createTestApp(fakes.env());
    for (const kind of KINDS)
      for (const { flag, flags = [flag] } of CASES)
        await fakes.create(t, kind, flag, Object.fromEntries(flags.map((name) => [name, true])));
  });

  afterAll(async () => {
    await t?.close();
    await fakes.stop();
  });

  for (const { flag, title, event, alsoReaches = [] } of CASES)
    it(title, async () => {
      const mark = await fakes.mark();
      await emitLibraryEvent(t, event());
      expect(await fakes.reachedSince(mark)).toEqual(everyKind([flag, ...alsoReaches]));
    });

  it('the webhook sends the retag as Readarr’s Retag payload', async () => {
    const mark = await fakes.mark();
    await emitLibraryEvent(t, retagged());
    expect(fakes.webhookPayloads(mark, 'onBookRetag')).toEqual([
      {
        eventType: 'Retag',
        instanceName: expect.any(String),
        author: { id: 2, name: 'Jane Austen', path: '/books/Jane Austen', goodreadsId: 'OL21594A' },
        bookFile: {
          id: 3,
          path: '/books/Jane Austen/Emma.mp3',
          quality: 'MP3',
          qualityVersion: 1,
          size: 1000,
          dateAdded: '2024-01-01T00:00:00Z',
        },
      },
    ]);
  });

  it('an Email connection mails its events from its From address to its recipients, through its server and port', async () => {
    const mark = await fakes.mark();
    await emitLibraryEvent(t, libraryEvents.grabbed());
    const mails = fakes.smtp.messages.slice(mark.mails);
    expect(mails).toEqual([
      expect.objectContaining({
        envelopeFrom: 'quire@example.test',
        envelopeTo: ['onGrab@example.test'],
        to: 'onGrab@example.test',
        subject: 'Book grabbed',
      }),
    ]);
    expect(mails[0].from).toContain('quire@example.test');
  });

  it('a Webhook connection with method PUT sends its events with PUT', async () => {
    await t.api
      .post('/api/v1/notification?forceSave=true')
      .send({
        name: 'Webhook put',
        implementation: 'Webhook',
        configContract: 'WebhookSettings',
        onGrab: true,
        fields: [
          { name: 'url', value: `${fakes.hooks.url}/put` },
          { name: 'method', value: 2 },
        ],
      })
      .expect(200);
    const mark = await fakes.mark();
    await emitLibraryEvent(t, libraryEvents.grabbed());
    const sent = fakes.hooks.requests.slice(mark.hooks).filter((request) => request.url.pathname === '/put');
    expect(sent.map((request) => request.method)).toEqual(['PUT']);
    expect(JSON.parse(sent[0].body.toString())).toMatchObject({ eventType: 'Grab' });
  });

  it('an Ntfy connection’s priority applies to events that set none (Max is ntfy’s urgent)', async () => {
    await t.api
      .post('/api/v1/notification?forceSave=true')
      .send({
        name: 'Ntfy max',
        implementation: 'Ntfy',
        configContract: 'NtfySettings',
        onGrab: true,
        fields: [
          { name: 'serverUrl', value: fakes.ntfy.url },
          { name: 'topics', value: ['t-max'] },
          { name: 'priority', value: 5 },
        ],
      })
      .expect(200);
    const mark = await fakes.mark();
    await emitLibraryEvent(t, libraryEvents.grabbed());
    const published = fakes.ntfy.published.slice(mark.ntfy);
    expect(published.find((publish) => publish.topic === 't-max')?.priority).toBe('urgent');
    // The flag table's connection keeps the default priority.
    expect(published.find((publish) => publish.topic === 't-onGrab')?.priority).toBe('default');
  });
});
