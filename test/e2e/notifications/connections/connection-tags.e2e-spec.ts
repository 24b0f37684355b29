import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { BookGrabbedEvent } from '../../../../src/acquisition/queue/download.events';
import { DownloadImportFailedEvent } from '../../../../src/files/import/import.events';
import { LibraryEventListener } from '../../../../src/notifications/library-events/library-event.listener';
import { HealthIssuesChangedEvent } from '../../../../src/platform/system/health/health.events';
import { createAuthor, createBook, createBookFile, CreatedAuthor } from '../../../factories';
import { makeMp3 } from '../../../fixtures/media/generators';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { emitLibraryEvent, libraryEvents } from '../../../utils/library-events';
import { sql } from '../../../utils/test-database';
import { ConnectionFakes, everyKind, KINDS } from './connection-kinds';

const ALL_FLAGS = Object.fromEntries(
  [
    'onGrab',
    'onReleaseImport',
    'onUpgrade',
    'onRename',
    'onAuthorAdded',
    'onAuthorDelete',
    'onBookDelete',
    'onBookFileDelete',
    'onBookFileDeleteForUpgrade',
    'onHealthIssue',
    'includeHealthWarnings',
    'onDownloadFailure',
    'onImportFailure',
    'onBookRetag',
  ].map((flag) => [flag, true]),
);

const grabbedFor = (authorId: number) => new BookGrabbedEvent({ ...libraryEvents.grabbed().init, authorId });

/**
 * Connection tags (Readarr's ShouldHandleAuthor), on every kind: a connection with tags notifies only for events
 * about authors sharing one of them, one without tags for all; health issues reach every connection, an event
 * about no known author only those without tags.
 */
describe('connections: tags limit the authors a connection notifies about', () => {
  let t: TestApp;
  let db: DataSource;
  const fakes = new ConnectionFakes();
  let tagged: CreatedAuthor;
  let other: CreatedAuthor;
  let untagged: CreatedAuthor;
  let root: string;

  beforeAll(async () => {
    await fakes.start();
    t = await createTestApp({ ...fakes.env(), COMMAND_POLL_INTERVAL_MS: '50' });
    db = t.app.get(DataSource);
    root = mkdtempSync(join(tmpdir(), 'quire-connection-tags-'));
    const tagA = (await t.api.post('/api/v1/tag').send({ label: 'audiobooks' }).expect(200)).body.id as number;
    const tagB = (await t.api.post('/api/v1/tag').send({ label: 'kids' }).expect(200)).body.id as number;
    tagged = await createAuthor(db, { name: 'Andy Weir', tags: [tagA], rootFolderPath: root });
    other = await createAuthor(db, { name: 'Astrid Lindgren', tags: [tagB], rootFolderPath: root });
    untagged = await createAuthor(db, { name: 'Jane Austen', rootFolderPath: root });
    for (const kind of KINDS) {
      await fakes.create(t, kind, 'a', ALL_FLAGS, [tagA]);
      await fakes.create(t, kind, 'b', ALL_FLAGS, [tagB]);
      await fakes.create(t, kind, 'none', ALL_FLAGS);
    }
  });

  afterAll(async () => {
    await t?.close();
    await fakes.stop();
  });

  const reachedBy = async (send: () => Promise<unknown>) => {
    const mark = await fakes.mark();
    await send();
    return fakes.reachedSince(mark);
  };

  it('an event about an author reaches the connections sharing one of its tags and those without tags', async () => {
    expect(await reachedBy(() => emitLibraryEvent(t, grabbedFor(tagged.id)))).toEqual(everyKind(['a', 'none']));
    expect(await reachedBy(() => emitLibraryEvent(t, grabbedFor(other.id)))).toEqual(everyKind(['b', 'none']));
    expect(await reachedBy(() => emitLibraryEvent(t, grabbedFor(untagged.id)))).toEqual(everyKind(['none']));
  });

  it('health issues reach every connection, whatever its tags', async () => {
    const warning = { source: 'IndexerCheck', type: 'warning' as const, message: 'No indexers available' };
    expect(await reachedBy(() => emitLibraryEvent(t, new HealthIssuesChangedEvent([warning], [])))).toEqual(
      everyKind(['a', 'b', 'none']),
    );
  });

  it('an event about no known author reaches only the connections without tags', async () => {
    const failed = new DownloadImportFailedEvent({
      trackedDownloadId: 9,
      downloadId: 'unknown-download',
      title: 'Some.Unmatched.Release',
      authorId: null,
      bookIds: [],
      messages: ['Unknown author'],
    });
    expect(await reachedBy(() => emitLibraryEvent(t, failed))).toEqual(everyKind(['none']));
  });

  it('deleting an author notifies by the tags it had (the row is gone by then)', async () => {
    const reached = await reachedBy(async () => {
      await t.api.delete(`/api/v1/author/${other.id}`).expect(200);
      await t.app.get(LibraryEventListener).idle();
    });
    expect(reached).toEqual(everyKind(['b', 'none']));
  });

  it('RetagFiles notifies onBookRetag connections of the author’s tags; the webhook gets Readarr’s Retag payload', async () => {
    mkdirSync(tagged.path, { recursive: true });
    const book = await createBook(db, tagged, { title: 'Artemis', releaseDate: new Date('2017-11-14T00:00:00Z') });
    const mp3 = join(tagged.path, 'artemis.mp3');
    makeMp3(mp3, { title: 'Track 1', artist: 'Unknown', album: 'Artemis' });
    const file = await createBookFile(db, book.editionId, { path: mp3, qualityId: 10, size: 4321 });
    const mark = await fakes.mark();
    const command = await runCommand(t, 'RetagFiles', { authorId: tagged.id, files: [file.id] });
    expect(command.message).toBe('Retagged 1 files');
    await t.app.get(LibraryEventListener).idle();

    expect(await fakes.reachedSince(mark)).toEqual(everyKind(['a', 'none']));
    const [{ date_added: dateAdded }] = await sql<{ date_added: Date }>(
      'SELECT date_added FROM book_file WHERE id = $1',
      [file.id],
    );
    expect(fakes.webhookPayloads(mark, 'a')).toEqual([
      {
        eventType: 'Retag',
        instanceName: expect.any(String),
        author: { id: tagged.id, name: 'Andy Weir', path: tagged.path, goodreadsId: tagged.foreignAuthorId },
        bookFile: {
          id: file.id,
          path: mp3,
          quality: 'MP3',
          qualityVersion: 1,
          size: 4321,
          // Readarr leaves null values out; dates are written without fractions.
          dateAdded: new Date(dateAdded).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        },
      },
    ]);
    const mail = fakes.smtp.messages.slice(mark.mails).find((message) => message.envelopeTo[0] === 'a@example.test');
    expect(mail?.text).toContain('title: Track 1 → Artemis');
  });
});

interface HubRecord {
  title: string;
  resolvedBy: string;
  channels: string[];
  metadata: Record<string, unknown>;
  finalState: string;
}

/**
 * QuireHub connections act on real events: their flags and channels decide what the hub sends. While none
 * exists, the hub's routing table gets every library event.
 */
describe('connections: QuireHub connections decide what reaches the hub', () => {
  let t: TestApp;
  const fakes = new ConnectionFakes();

  beforeAll(async () => {
    await fakes.start();
    t = await createTestApp(fakes.env());
  });

  afterAll(async () => {
    await t?.close();
    await fakes.stop();
  });

  /** The hub notifications of library events (source agent quire) made by `send`. */
  const hubRecordsOf = async (send: () => Promise<unknown>): Promise<HubRecord[]> => {
    const before = new Set((await sql<{ id: string }>('SELECT id FROM hub_notification')).map((row) => row.id));
    await send();
    const records = (await t.api.get('/notifications?sourceAgent=quire&pageSize=100').expect(200)).body
      .records as (HubRecord & { id: string })[];
    return records.filter((record) => !before.has(record.id));
  };

  it('without a QuireHub connection every library event goes to the routing table', async () => {
    const records = await hubRecordsOf(() => emitLibraryEvent(t, libraryEvents.authorAdded()));
    expect(records).toEqual([
      expect.objectContaining({ title: 'Author added', resolvedBy: 'default', channels: ['email'] }),
    ]);
    expect(records[0].metadata).not.toHaveProperty('connection_id');
  });

  it('with QuireHub connections, their on* flags and channels decide; the routing table no longer gets everything', async () => {
    const onNtfy = await fakes.create(t, 'QuireHub', 'grabs', { onGrab: true });
    const byRoute = (
      await t.api
        .post('/api/v1/notification?forceSave=true')
        .send({
          name: 'Hub by route',
          implementation: 'QuireHub',
          onGrab: true,
          fields: [{ name: 'channels', value: [] }],
        })
        .expect(200)
    ).body.id as number;

    const grabs = await hubRecordsOf(() => emitLibraryEvent(t, libraryEvents.grabbed()));
    expect(grabs.map((record) => [record.metadata.connection_id, record.resolvedBy, record.channels]).sort()).toEqual(
      [
        [onNtfy, 'request', ['ntfy']],
        [byRoute, 'default', ['email']],
      ].sort(),
    );
    expect(grabs.find((record) => record.metadata.connection_id === onNtfy)).toMatchObject({
      title: 'Book grabbed',
      finalState: 'delivered',
      metadata: { event_type: 'grab' },
    });

    // No QuireHub connection wants an added author: the hub sends nothing.
    expect(await hubRecordsOf(() => emitLibraryEvent(t, libraryEvents.authorAdded()))).toEqual([]);
  });

  it('a resolved health issue reaches the QuireHub connections told of such issues', async () => {
    const errors = await fakes.create(t, 'QuireHub', 'errors', { onHealthIssue: true });
    const warnings = await fakes.create(t, 'QuireHub', 'warnings', {
      onHealthIssue: true,
      includeHealthWarnings: true,
    });
    const resolved = (type: 'error' | 'warning') =>
      new HealthIssuesChangedEvent([], [{ source: 'IndexerCheck', type, message: `An indexer ${type}` }]);
    const of = async (type: 'error' | 'warning') =>
      (await hubRecordsOf(() => emitLibraryEvent(t, resolved(type))))
        .map((record) => record.metadata.connection_id)
        .sort();
    expect(await of('error')).toEqual([errors, warnings].sort());
    expect(await of('warning')).toEqual([warnings]);
  });
});
