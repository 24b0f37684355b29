import { Injectable, Logger } from '@nestjs/common';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { CommandHandler, type CommandHandlerInstance } from '../../platform/command/command-handler.decorator';
import { ReleaseMatchingService } from '../parser/release-matching.service';
import { qualityModel } from '../parser/quality-model';
import { parseReleaseTitle } from '../parser/release-parser';
import type {
  ConfiguredDownloadClient,
  DownloadClient,
  DownloadClientItem,
} from '../../integrations/download-client/download-client';
import { DownloadClientFactory } from '../../integrations/download-client/download-client-factory.service';
import { DownloadClientCleanupService } from './download-client-cleanup.service';
import { DownloadCompletedEvent } from './download.events';
import { FailedDownloadService } from './failed-download.service';
import type { TrackedDownload, TrackedDownloadStateName } from './tracked-download.entity';
import { TrackedDownloadService } from './tracked-download.service';

/** Readarr's EntityHistoryEventType numbers this handler reads. */
const GRABBED = 1;
/** The tracked state a download's latest history event implies (Readarr's GetStateFromHistory). */
const STATE_FROM_HISTORY = new Map<number, TrackedDownloadStateName>([
  [8, 'imported'],
  [4, 'downloadFailed'],
  [7, 'importPending'],
  [10, 'ignored'],
]);

/** States that stay tracked after the client stopped listing the download (the importer still needs them). */
const KEEP_WHEN_GONE = new Set(['importPending', 'importing', 'importFailed']);

/**
 * Polls every enabled download client (scheduled every minute, high priority) and moves each tracked download
 * through downloading → importPending (emitting `download.completed`) or downloadFailed (blocklist + re-search);
 * imported downloads the client now lets go are removed from it when the client is set to.
 */
@Injectable()
@CommandHandler('RefreshMonitoredDownloads')
export class RefreshMonitoredDownloadsHandler implements CommandHandlerInstance {
  private readonly logger = new Logger(RefreshMonitoredDownloadsHandler.name);

  constructor(
    private readonly clients: DownloadClientFactory,
    private readonly tracked: TrackedDownloadService,
    private readonly failed: FailedDownloadService,
    private readonly matching: ReleaseMatchingService,
    private readonly events: DomainEvents,
    private readonly cleanup: DownloadClientCleanupService,
  ) {}

  async execute(): Promise<string> {
    let count = 0;
    for (const client of await this.clients.enabledFor()) {
      let items: DownloadClientItem[];
      try {
        items = await client.getItems();
      } catch (error) {
        this.logger.warn(`Could not read the queue of ${client.name}: ${(error as Error).message}`);
        continue;
      }
      count += await this.refreshClient(client, items);
    }
    return `Refreshed ${count} downloads`;
  }

  private async refreshClient(client: ConfiguredDownloadClient, items: DownloadClientItem[]): Promise<number> {
    const known = await this.tracked.forClient(client.downloadClientId);
    const byId = new Map(known.map((download) => [download.downloadId.toUpperCase(), download]));
    const seen = new Set<number>();
    for (const item of items) {
      const download = byId.get(item.downloadId.toUpperCase()) ?? (await this.trackUnknown(client, item));
      seen.add(download.id);
      await this.update(download, item, client);
    }
    for (const download of known)
      if (!seen.has(download.id) && !KEEP_WHEN_GONE.has(download.state)) await this.tracked.remove(download.id);
    return items.length;
  }

  private async update(
    download: TrackedDownload,
    item: DownloadClientItem,
    client: ConfiguredDownloadClient,
  ): Promise<void> {
    // Removed from the queue by the user but left in the client: stays ignored until the client drops it.
    if (download.state === 'ignored') return;
    download.clientStatus = item.status;
    download.size = String(Math.max(0, Math.round(item.totalSize)));
    download.sizeLeft = String(Math.max(0, Math.round(item.remainingSize)));
    download.timeLeft = item.remainingTime ?? null;
    download.outputPath = item.outputPath ?? download.outputPath;
    // Like Readarr, only a download still downloading is checked for failure or completion: an imported (or
    // failed) one keeps its state, whatever the client says of it later (a seeding torrent whose data was
    // deleted reports missing files, and must not be blocklisted and searched again).
    if (download.state === 'imported') {
      await this.tracked.save(download);
      await this.cleanup.removeCompleted(client, download, item);
      return;
    }
    if (item.status === 'failed' && download.state === 'downloading') {
      // As Readarr: a download Quire never grabbed is not Quire's to fail, blocklist or search again.
      if (await this.wasGrabbed(download)) {
        await this.failed.markFailed(download, item.message ?? 'Download failed in the download client');
        return;
      }
      download.status = 'warning';
      download.statusMessages = [{ title: download.title, messages: ["Download wasn't grabbed by Quire, skipping"] }];
      await this.tracked.save(download);
      return;
    }
    if (item.status === 'warning' && download.state === 'downloading') {
      download.status = 'warning';
      download.statusMessages = [
        { title: download.title, messages: [item.message ?? 'Download client reports a warning'] },
      ];
    } else if (download.state === 'downloading') {
      download.status = 'ok';
      download.statusMessages = [];
    }
    if (item.status === 'completed' && download.state === 'downloading') download.state = 'importPending';
    await this.tracked.save(download);
    // Every refresh offers a finished download waiting for import again (Readarr's ProcessMonitoredDownloads): one
    // that finished while completed-download handling was off, or whose files were not there yet, is imported later.
    if (download.state === 'importPending' && item.status === 'completed')
      await this.events.emitAsync(
        DownloadCompletedEvent.NAME,
        new DownloadCompletedEvent({
          trackedDownloadId: download.id,
          downloadId: download.downloadId,
          downloadClientId: client.downloadClientId,
          downloadClient: client.name,
          outputPath: download.outputPath,
          authorId: download.authorId,
          bookIds: download.bookIds,
          title: download.title,
          quality: download.quality,
        }),
      );
  }

  private async wasGrabbed(download: TrackedDownload): Promise<boolean> {
    const history = await this.tracked.historyOf(download.downloadId);
    return history.some((entry) => entry.eventType === GRABBED);
  }

  /**
   * A download Quire has no row for (one it did not send, or one that left the client and came back): its history
   * says what became of it (Readarr's TrackDownload), so an imported download that reappears stays imported and is
   * not imported again; otherwise it is tracked as downloading, mapped by its title, or by its grab when the title
   * does not name a known book.
   */
  private async trackUnknown(client: DownloadClient, item: DownloadClientItem): Promise<TrackedDownload> {
    const history = await this.tracked.historyOf(item.downloadId);
    const latest = history.find((entry) => STATE_FROM_HISTORY.has(entry.eventType));
    const grabs = history.filter((entry) => entry.eventType === GRABBED);
    const parsed = parseReleaseTitle(item.title);
    const match = parsed ? await this.matching.match(parsed) : { books: [] };
    const mapped = match.author && match.books.length > 0;
    const grabbedBooks = [...new Set(grabs.map((grab) => grab.bookId).filter((id): id is number => id !== null))];
    return this.tracked.create({
      downloadClientId: client.downloadClientId,
      downloadId: item.downloadId,
      authorId: mapped ? match.author!.id : (grabs[0]?.authorId ?? match.author?.id ?? null),
      bookIds: mapped ? match.books.map((book) => book.id) : grabs.length ? grabbedBooks : [],
      title: item.title,
      indexer: null,
      protocol: client.protocol,
      quality: qualityModel(parsed?.qualityId ?? 0, parsed?.revision),
      release: null,
      state: latest ? STATE_FROM_HISTORY.get(latest.eventType) : 'downloading',
    });
  }
}
