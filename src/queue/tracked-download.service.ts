import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Not, Repository } from 'typeorm';
import { NotFoundError } from '../common/errors/domain-errors';
import { PendingRelease } from './pending-release.entity';
import { QueueUpdatedEvent } from './queue.events';
import { TrackedDownload, type TrackedDownloadStateName, type StatusMessageValue } from './tracked-download.entity';

/** States in which a download still counts as "in the queue" for the decision engine. */
export const ACTIVE_STATES: TrackedDownloadStateName[] = ['downloading', 'importPending', 'importing'];
/** States hidden from `GET /queue`. */
export const HIDDEN_STATES: TrackedDownloadStateName[] = ['imported', 'ignored'];

export type NewTrackedDownload = Pick<
  TrackedDownload,
  'downloadClientId' | 'downloadId' | 'authorId' | 'bookIds' | 'title' | 'indexer' | 'protocol' | 'quality' | 'release'
> &
  Partial<Pick<TrackedDownload, 'customFormatIds' | 'customFormatScore' | 'downloadForced' | 'size' | 'sizeLeft'>>;

/** The `tracked_download` and `pending_release` tables. */
@Injectable()
export class TrackedDownloadService {
  constructor(
    @InjectRepository(TrackedDownload) private readonly downloads: Repository<TrackedDownload>,
    @InjectRepository(PendingRelease) private readonly pending: Repository<PendingRelease>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventEmitter2,
  ) {}

  private changed(ids: number[] = []): void {
    this.events.emit(QueueUpdatedEvent.NAME, new QueueUpdatedEvent(ids));
  }

  /** Inserts (or, for a download id the client reused, replaces) a tracked download. */
  async create(input: NewTrackedDownload): Promise<TrackedDownload> {
    await this.dataSource.query(
      `DELETE FROM tracked_download WHERE download_client_id = $1 AND upper(download_id) = upper($2)`,
      [input.downloadClientId, input.downloadId],
    );
    const created = await this.downloads.save(this.downloads.create({ state: 'downloading', status: 'ok', ...input }));
    this.changed([created.id]);
    return created;
  }

  async findById(id: number): Promise<TrackedDownload> {
    const download = await this.downloads.findOneBy({ id });
    if (!download) throw new NotFoundError(`Queue item ${id} not found`);
    return download;
  }

  findByIds(ids: number[]): Promise<TrackedDownload[]> {
    return this.downloads.findBy({ id: In(ids) });
  }

  forClient(downloadClientId: number): Promise<TrackedDownload[]> {
    return this.downloads.findBy({ downloadClientId });
  }

  visible(): Promise<TrackedDownload[]> {
    return this.downloads.find({ where: { state: Not(In(HIDDEN_STATES)) }, order: { id: 'ASC' } });
  }

  activeForBooks(bookIds: number[]): Promise<TrackedDownload[]> {
    if (bookIds.length === 0) return Promise.resolve([]);
    return this.downloads
      .createQueryBuilder('t')
      .where('t.book_ids && :bookIds::int[]', { bookIds })
      .andWhere('t.state IN (:...states)', { states: ACTIVE_STATES })
      .getMany();
  }

  async findByDownloadId(downloadId: string): Promise<TrackedDownload[]> {
    return this.downloads
      .createQueryBuilder('t')
      .where('upper(t.download_id) = upper(:downloadId)', { downloadId })
      .getMany();
  }

  async save(download: TrackedDownload): Promise<TrackedDownload> {
    download.updated = new Date();
    const saved = await this.downloads.save(download);
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
    await this.downloads.delete({ id });
    this.changed([id]);
  }

  async clientNames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows: { id: number; name: string }[] = await this.dataSource.query(
      `SELECT id, name FROM provider_definition WHERE id = ANY($1::int[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  // Pending (delayed) releases

  pendingReleases(): Promise<PendingRelease[]> {
    return this.pending.find({ order: { id: 'ASC' } });
  }

  findPending(ids: number[]): Promise<PendingRelease[]> {
    return this.pending.findBy({ id: In(ids) });
  }

  async addPending(input: Omit<PendingRelease, 'id' | 'added'>): Promise<PendingRelease> {
    const added = await this.pending.save(this.pending.create(input));
    this.changed();
    return added;
  }

  async removePending(ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.pending.delete({ id: In(ids) });
    this.changed();
  }

  async removePendingForBooks(bookIds: number[]): Promise<void> {
    if (!bookIds.length) return;
    const removed = await this.pending
      .createQueryBuilder()
      .delete()
      .where('book_ids && :bookIds::int[]', { bookIds })
      .execute();
    if (removed.affected) this.changed();
  }
}
