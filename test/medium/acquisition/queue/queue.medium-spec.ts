import { DownloadClientCleanupService } from '../../../../src/acquisition/queue/download-client-cleanup.service';
import { DownloadFailedEvent } from '../../../../src/acquisition/queue/download.events';
import { FailedDownloadListener } from '../../../../src/acquisition/queue/failed-download.listener';
import { FailedDownloadService } from '../../../../src/acquisition/queue/failed-download.service';
import { PendingRelease } from '../../../../src/acquisition/queue/pending-release.entity';
import { QueueRemovalService } from '../../../../src/acquisition/queue/queue-removal.service';
import { QueueUpdatedEvent } from '../../../../src/acquisition/queue/queue.events';
import { TrackedDownload } from '../../../../src/acquisition/queue/tracked-download.entity';
import { TrackedDownloadRepository } from '../../../../src/acquisition/queue/tracked-download.repository';
import {
  type NewTrackedDownload,
  TrackedDownloadService,
} from '../../../../src/acquisition/queue/tracked-download.service';
import { DownloadClientFactory } from '../../../../src/integrations/download-client/download-client-factory.service';
import { DownloadClientService } from '../../../../src/integrations/download-client/download-client.service';
import { CommandQueueService } from '../../../../src/platform/command/command-queue.service';
import { NotFoundError } from '../../../../src/platform/common/errors/domain-errors';
import { DomainEvents } from '../../../../src/platform/common/events/domain-events';
import { DOWNLOAD_CLIENT_CONFIG_DEFAULTS } from '../../../../src/platform/settings/download-client/download-client-config';
import { DownloadClientConfigService } from '../../../../src/platform/settings/download-client/download-client-config.service';
import { createAuthor, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

const EPUB = { quality: { id: 3, name: 'EPUB' }, revision: { version: 1, real: 0, isRepack: false } };

/** What the fake download client was asked to do. */
const clientCalls: string[] = [];
/** Whether the fake client has a post-import category (qBittorrent with one configured). */
let postImportCategory: string | undefined;
const searches: { name: string; body: unknown }[] = [];
let config = { ...DOWNLOAD_CLIENT_CONFIG_DEFAULTS };

/**
 * The download queue's writes on PostgreSQL: tracked downloads and pending releases (one id sequence for both),
 * removal from the queue with its client/blocklist/ignore variants, and failed downloads. The download client,
 * the command queue and the download-client settings are fakes that record what they were asked.
 */
describe('download queue (medium)', () => {
  let medium: Medium;
  let tracked: TrackedDownloadService;
  let removal: QueueRemovalService;
  let failedEvents: DownloadFailedEvent[];
  let updates: number;
  let clientId: number;
  let otherClientId: number;
  let authorId: number;

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [TrackedDownload, PendingRelease],
      providers: [
        TrackedDownloadRepository,
        TrackedDownloadService,
        QueueRemovalService,
        FailedDownloadService,
        DownloadClientCleanupService,
        FailedDownloadListener,
      ],
      fakes: [
        [DownloadClientService, { namesById: async () => new Map() }],
        [
          DownloadClientFactory,
          {
            client: async (id: number) => ({
              name: `client ${id}`,
              postImportCategory,
              removeItem: async (downloadId: string, deleteData: boolean) =>
                clientCalls.push(`remove ${downloadId} ${deleteData}`),
              markItemAsImported: async (downloadId: string) => clientCalls.push(`imported ${downloadId}`),
            }),
          },
        ],
        [CommandQueueService, { enqueue: async (name: string, body: unknown) => searches.push({ name, body }) }],
        [DownloadClientConfigService, { load: async () => config }],
      ],
      init: true, // FailedDownloadListener listens to download.failed
      tables: ['tracked_download', 'pending_release', 'provider_definition', 'author', 'author_metadata'],
    });
    await ensureProfiles(medium.dataSource);
    tracked = medium.get(TrackedDownloadService);
    removal = medium.get(QueueRemovalService);
    const events = medium.get(DomainEvents);
    events.on(DownloadFailedEvent.NAME, (event) => failedEvents.push(event));
    events.on(QueueUpdatedEvent.NAME, () => updates++);
  });
  afterAll(() => medium.close());
  beforeEach(async () => {
    await medium.resetTables();
    const clients = await medium.sql<{ id: number }>(
      `INSERT INTO provider_definition (kind, name, implementation, config_contract)
       VALUES ('downloadClient', 'one', 'QBittorrent', 'QBittorrentSettings'),
              ('downloadClient', 'two', 'Transmission', 'TransmissionSettings') RETURNING id`,
    );
    [clientId, otherClientId] = clients.map((row) => row.id);
    authorId = (await createAuthor(medium.dataSource)).id;
    clientCalls.length = 0;
    searches.length = 0;
    postImportCategory = undefined;
    config = { ...DOWNLOAD_CLIENT_CONFIG_DEFAULTS };
    failedEvents = [];
    updates = 0;
  });

  const download = (overrides: Partial<NewTrackedDownload> = {}): NewTrackedDownload => ({
    downloadClientId: clientId,
    downloadId: 'hash-1',
    authorId,
    bookIds: [1],
    title: 'Ann Author - The Book',
    indexer: 'Indexer',
    protocol: 'torrent',
    quality: EPUB,
    release: null,
    ...overrides,
  });

  const pending = (bookIds: number[]) =>
    tracked.addPending({
      authorId,
      bookIds,
      title: 'Delayed',
      release: {} as never,
      quality: EPUB,
      customFormatIds: [],
      customFormatScore: 0,
      reason: 'delay',
      releaseAt: new Date(Date.now() + 3_600_000),
    });

  it("a download id the same client reuses (in any case) replaces the old download; another client's stays", async () => {
    const first = await tracked.create(download({ downloadId: 'abc' }));
    const elsewhere = await tracked.create(download({ downloadId: 'abc', downloadClientId: otherClientId }));
    const again = await tracked.create(download({ downloadId: 'ABC', title: 'Second grab' }));

    const rows = await tracked.visible();
    expect(rows.map((row) => [row.id, row.title])).toEqual([
      [elsewhere.id, 'Ann Author - The Book'],
      [again.id, 'Second grab'],
    ]);
    expect(again.id).not.toBe(first.id);
    expect(again).toMatchObject({ state: 'downloading', status: 'ok' });
    expect((await tracked.findByDownloadId('aBc')).map((row) => row.id).sort()).toEqual(
      [elsewhere.id, again.id].sort(),
    );
    expect(updates).toBe(3);
  });

  it('concurrent creates of one client download id end as if one after the other: the last one stays', async () => {
    const created = await Promise.all(
      ['a', 'b', 'c', 'd'].map((title) => tracked.create(download({ downloadId: 'same', title }))),
    );
    const rows = await tracked.findByDownloadId('same');
    expect(rows).toHaveLength(1);
    // The survivor is one of the answers, and it is the newest of them.
    expect(created.map((item) => item.id)).toContain(rows[0].id);
    expect(rows[0].id).toBe(Math.max(...created.map((item) => item.id)));
  });

  it('downloads and pending releases share one id sequence, so a queue id names one item', async () => {
    const active = await tracked.create(download());
    const delayed = await pending([2]);
    const later = await tracked.create(download({ downloadId: 'hash-2' }));
    expect(new Set([active.id, delayed.id, later.id]).size).toBe(3);
    expect(delayed.id).toBeGreaterThan(active.id);
    expect(later.id).toBeGreaterThan(delayed.id);

    await removal.remove(delayed.id, {});
    expect(await tracked.pendingReleases()).toEqual([]);
    expect((await tracked.visible()).map((row) => row.id)).toEqual([active.id, later.id]);
    expect(clientCalls).toEqual([]);
    await expect(removal.remove(delayed.id, {})).rejects.toBeInstanceOf(NotFoundError);
  });

  it('the decision engine sees only active downloads that carry one of the books', async () => {
    const both = await tracked.create(download({ downloadId: 'a', bookIds: [1, 2] }));
    const importing = await tracked.create(download({ downloadId: 'b', bookIds: [3] }));
    await tracked.setState(importing.id, 'importing');
    const done = await tracked.create(download({ downloadId: 'c', bookIds: [2] }));
    await tracked.setState(done.id, 'imported');
    const failed = await tracked.create(download({ downloadId: 'd', bookIds: [2] }));
    await tracked.setState(failed.id, 'downloadFailed');

    const ids = async (books: number[]) => (await tracked.activeForBooks(books)).map((row) => row.id).sort();
    expect(await ids([2])).toEqual([both.id]);
    expect(await ids([3, 4])).toEqual([importing.id]);
    expect(await ids([4])).toEqual([]);
    expect(await ids([])).toEqual([]);
    expect((await tracked.visible()).map((row) => row.id)).toEqual([both.id, importing.id, failed.id]);
  });

  it('status messages set the status: an import failure is an error, other messages a warning, none ok', async () => {
    const item = await tracked.create(download());
    const messages = [{ title: 'file.epub', messages: ['Not an upgrade'] }];
    await tracked.setState(item.id, 'importFailed', messages);
    expect(await tracked.findById(item.id)).toMatchObject({
      state: 'importFailed',
      status: 'error',
      statusMessages: messages,
    });
    await tracked.setState(item.id, 'importPending', messages);
    expect((await tracked.findById(item.id)).status).toBe('warning');
    await tracked.setState(item.id, 'importPending', []);
    expect(await tracked.findById(item.id)).toMatchObject({ status: 'ok', statusMessages: [] });
    // Without messages the earlier ones stay.
    await tracked.setState(item.id, 'importing');
    expect(await tracked.findById(item.id)).toMatchObject({ state: 'importing', status: 'ok' });
  });

  it('removal: from the client by default; kept in the client it is ignored (hidden) and its category changed', async () => {
    const gone = await tracked.create(download({ downloadId: 'gone' }));
    const kept = await tracked.create(download({ downloadId: 'kept' }));
    const keptNoCategory = await tracked.create(download({ downloadId: 'kept-2' }));

    await removal.remove(gone.id, {});
    expect(await tracked.findByIds([gone.id])).toEqual([]);
    postImportCategory = 'imported';
    await removal.remove(kept.id, { removeFromClient: false, changeCategory: true });
    postImportCategory = undefined;
    await removal.remove(keptNoCategory.id, { removeFromClient: false, changeCategory: true });

    expect(clientCalls).toEqual(['remove gone true', 'imported kept']);
    expect((await tracked.findByIds([kept.id, keptNoCategory.id])).map((row) => row.state)).toEqual([
      'ignored',
      'ignored',
    ]);
    expect(await tracked.visible()).toEqual([]);
  });

  it('removal with blocklist marks the download failed, publishes it, and searches again unless told not to', async () => {
    const item = await tracked.create(download({ downloadId: 'bad', bookIds: [5, 6] }));
    const other = await tracked.create(download({ downloadId: 'bad-2', bookIds: [7] }));
    await removal.remove(item.id, { removeFromClient: false, blocklist: true });
    await removal.remove(other.id, { blocklist: true, skipRedownload: true });

    expect(failedEvents.map((event) => [event.init.trackedDownloadId, event.init.skipRedownload])).toEqual([
      [item.id, false],
      [other.id, true],
    ]);
    expect(await tracked.findById(item.id)).toMatchObject({
      state: 'ignored',
      status: 'error',
      errorMessage: 'Manually marked as failed',
      statusMessages: [{ title: item.title, messages: ['Manually marked as failed'] }],
    });
    expect(await tracked.findByIds([other.id])).toEqual([]);
    expect(searches).toEqual([{ name: 'BookSearch', body: { bookIds: [5, 6] } }]);
  });

  it('a failure declared from history marks the downloads of that id failed; re-search follows the settings', async () => {
    const item = await tracked.create(download({ downloadId: 'HASH-9', bookIds: [9] }));
    const fromHistory = (source?: 'interactiveSearch') =>
      new DownloadFailedEvent({
        authorId,
        bookIds: [9],
        sourceTitle: item.title,
        quality: EPUB,
        customFormatIds: [],
        message: 'Marked failed from history',
        downloadId: 'hash-9',
        release: source ? ({ source } as never) : null,
        skipRedownload: false,
      });

    await medium.get(FailedDownloadListener).onDownloadFailed(fromHistory());
    expect(await tracked.findById(item.id)).toMatchObject({
      state: 'downloadFailed',
      status: 'error',
      errorMessage: 'Marked failed from history',
    });
    expect(searches).toHaveLength(1);

    config = { ...config, autoRedownloadFailedFromInteractiveSearch: false };
    await medium.get(FailedDownloadListener).onDownloadFailed(fromHistory('interactiveSearch'));
    config = { ...config, autoRedownloadFailed: false };
    await medium.get(FailedDownloadListener).onDownloadFailed(fromHistory());
    expect(searches).toHaveLength(1);
  });

  it('removeMany skips ids that are already gone; pending releases go by book, announced only when some went', async () => {
    const a = await tracked.create(download({ downloadId: 'a' }));
    const b = await tracked.create(download({ downloadId: 'b' }));
    await removal.removeMany([a.id, 987_654, b.id], {});
    expect(clientCalls).toEqual(['remove a true', 'remove b true']);

    await pending([1, 2]);
    const keep = await pending([3]);
    updates = 0;
    await tracked.removePendingForBooks([4]);
    expect(updates).toBe(0);
    await tracked.removePendingForBooks([2, 4]);
    expect(updates).toBe(1);
    expect((await tracked.pendingReleases()).map((row) => row.id)).toEqual([keep.id]);
  });

  it("deleting the author keeps its downloads without an author and drops its pending releases; a client's deletion takes its downloads", async () => {
    const item = await tracked.create(download());
    const other = await tracked.create(download({ downloadId: 'x', downloadClientId: otherClientId }));
    await pending([1]);
    await medium.sql(`DELETE FROM author WHERE id = $1`, [authorId]);
    expect((await tracked.findById(item.id)).authorId).toBeNull();
    expect(await tracked.pendingReleases()).toEqual([]);

    await medium.sql(`DELETE FROM provider_definition WHERE id = $1`, [clientId]);
    expect((await tracked.visible()).map((row) => row.id)).toEqual([other.id]);
  });
});
