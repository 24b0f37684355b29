import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { NotFoundError } from '../../platform/common/errors/domain-errors';
import { DownloadClientService } from '../../integrations/download-client/download-client.service';
import { PendingRelease } from './pending-release.entity';
import { QueueUpdatedEvent } from './queue.events';
import { TrackedDownload, type TrackedDownloadStateName, type StatusMessageValue } from './tracked-download.entity';
import { type DownloadHistoryRow, TrackedDownloadRepository } from './tracked-download.repository';

/** States in which a download still counts as "in the queue" for the decision engine. */
export const ACTIVE_STATES: TrackedDownloadStateName[] = ['downloading', 'importPending', 'importing'];
/** States hidden from `GET /queue`. */
export const HIDDEN_STATES: TrackedDownloadStateName[] = ['imported', 'ignored'];

export type NewTrackedDownload = Pick<
  TrackedDownload,
  'downloadClientId' | 'downloadId' | 'authorId' | 'bookIds' | 'title' | 'indexer' | 'protocol' | 'quality' | 'release'
> &
  Partial<
    Pick<TrackedDownload, 'customFormatIds' | 'customFormatScore' | 'downloadForced' | 'size' | 'sizeLeft' | 'state'>
  >;

/** Tracked downloads and pending releases; every change is announced as `queue.updated`. */
@Injectable()
export class TrackedDownloadService {
  constructor(
    private readonly repository: TrackedDownloadRepository,
    private readonly downloadClients: DownloadClientService,
    private readonly events: DomainEvents,
  ) {}

  private changed(ids: number[] = []): void {
    this.events.emit(QueueUpdatedEvent.NAME, new QueueUpdatedEvent(ids));
  }

  /** Inserts (or, for a download id the client reused, replaces) a tracked download. */
  async create(input: NewTrackedDownload): Promise<TrackedDownload> {
    const created = await this.repository.replace({ state: 'downloading', status: 'ok', ...input });
    this.changed([created.id]);
    return created;
  }

  async findById(id: number): Promise<TrackedDownload> {
    const download = await this.repository.findById(id);
    if (!download) throw new NotFoundError(`Queue item ${id} not found`);
    return download;
  }

  findByIds(ids: number[]): Promise<TrackedDownload[]> {
    return this.repository.findByIds(ids);
  }

  forClient(downloadClientId: number): Promise<TrackedDownload[]> {
    return this.repository.findByClient(downloadClientId);
  }

  visible(): Promise<TrackedDownload[]> {
    return this.repository.findNotIn(HIDDEN_STATES);
  }

  activeForBooks(bookIds: number[]): Promise<TrackedDownload[]> {
    if (bookIds.length === 0) return Promise.resolve([]);
    return this.repository.findForBooks(bookIds, ACTIVE_STATES);
  }

  findByDownloadId(downloadId: string): Promise<TrackedDownload[]> {
    return this.repository.findByDownloadId(downloadId);
  }

  historyOf(downloadId: string): Promise<DownloadHistoryRow[]> {
    return this.repository.historyOf(downloadId);
  }

  async save(download: TrackedDownload): Promise<TrackedDownload> {
    download.updated = new Date();
    const saved = await this.repository.save(download);
    this.changed([saved.id]);
    return saved;
  }

  /** For the import feature: `importing`, `imported`, `importFailed` (with messages), `ignored`. */
  async setState(id: number, state: TrackedDownloadStateName, statusMessages?: StatusMessageValue[]): Promise<void> {
    const download = await this.findById(id);
    download.state = state;
    if (statusMessages) {
      download.statusMessages = statusMessages;
      download.status = statusMessages.length ? (state === 'importFailed' ? 'error' : 'warning') : 'ok';
    }
    await this.save(download);
  }

  async remove(id: number): Promise<void> {
    await this.repository.delete(id);
    this.changed([id]);
  }

  clientNames(ids: number[]): Promise<Map<number, string>> {
    return this.downloadClients.namesById(ids);
  }

  // Pending (delayed) releases

  pendingReleases(): Promise<PendingRelease[]> {
    return this.repository.pendingReleases();
  }

  findPending(ids: number[]): Promise<PendingRelease[]> {
    return this.repository.findPending(ids);
  }

  async addPending(input: Omit<PendingRelease, 'id' | 'added'>): Promise<PendingRelease> {
    const added = await this.repository.insertPending(input);
    this.changed();
    return added;
  }

  async removePending(ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.repository.deletePending(ids);
    this.changed();
  }

  async removePendingForBooks(bookIds: number[]): Promise<void> {
    if (!bookIds.length) return;
    if (await this.repository.deletePendingForBooks(bookIds)) this.changed();
  }
}
