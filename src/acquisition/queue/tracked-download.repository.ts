import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Not, Repository } from 'typeorm';
import { PendingRelease } from './pending-release.entity';
import { TrackedDownload, type TrackedDownloadStateName } from './tracked-download.entity';

export interface DownloadHistoryRow {
  /** Readarr's EntityHistoryEventType number. */
  eventType: number;
  authorId: number;
  bookId: number | null;
  sourceTitle: string;
}

/** First key of the advisory locks that serialise replacing one client's download id ('QD'). */
const REPLACE_LOCK_NAMESPACE = 0x5144;

/** The `tracked_download` and `pending_release` tables. */
@Injectable()
export class TrackedDownloadRepository {
  constructor(
    @InjectRepository(TrackedDownload) private readonly downloads: Repository<TrackedDownload>,
    @InjectRepository(PendingRelease) private readonly pending: Repository<PendingRelease>,
  ) {}

  /**
   * Inserts a download, replacing the client's earlier download of that id (clients reuse ids; compared
   * case-insensitively). One transaction under an advisory lock on the client and id: replacements of one id that
   * overlap (a grab and a refresh of the client's list) run one after the other, so the last one stays as if they
   * had not overlapped, instead of failing on the unique index or answering a row the other one deleted.
   */
  replace(
    download: Partial<TrackedDownload> & Pick<TrackedDownload, 'downloadClientId' | 'downloadId'>,
  ): Promise<TrackedDownload> {
    return this.downloads.manager.transaction(async (manager) => {
      const key = { downloadClientId: download.downloadClientId, downloadId: download.downloadId };
      await manager.query(`SELECT pg_advisory_xact_lock($1, hashtext($2 || ':' || upper($3)))`, [
        REPLACE_LOCK_NAMESPACE,
        key.downloadClientId,
        key.downloadId,
      ]);
      await manager
        .createQueryBuilder()
        .delete()
        .from(TrackedDownload)
        .where('download_client_id = :downloadClientId AND upper(download_id) = upper(:downloadId)', key)
        .execute();
      const downloads = manager.getRepository(TrackedDownload);
      return downloads.save(downloads.create(download));
    });
  }

  save(download: TrackedDownload): Promise<TrackedDownload> {
    return this.downloads.save(download);
  }

  findById(id: number): Promise<TrackedDownload | null> {
    return this.downloads.findOneBy({ id });
  }

  findByIds(ids: number[]): Promise<TrackedDownload[]> {
    return this.downloads.findBy({ id: In(ids) });
  }

  findByClient(downloadClientId: number): Promise<TrackedDownload[]> {
    return this.downloads.findBy({ downloadClientId });
  }

  findNotIn(states: TrackedDownloadStateName[]): Promise<TrackedDownload[]> {
    return this.downloads.find({ where: { state: Not(In(states)) }, order: { id: 'ASC' } });
  }

  /** Downloads in one of `states` that carry one of the books. */
  findForBooks(bookIds: number[], states: TrackedDownloadStateName[]): Promise<TrackedDownload[]> {
    return this.downloads
      .createQueryBuilder('t')
      .where('t.book_ids && :bookIds::int[]', { bookIds })
      .andWhere('t.state IN (:...states)', { states })
      .getMany();
  }

  /** Compared case-insensitively (clients differ in the case of info hashes). */
  findByDownloadId(downloadId: string): Promise<TrackedDownload[]> {
    return this.downloads
      .createQueryBuilder('t')
      .where('upper(t.download_id) = upper(:downloadId)', { downloadId })
      .getMany();
  }

  /**
   * The history of a download id, newest first (event type, author, book, title): read here, not through the
   * history feature, which itself builds on the queue's events.
   */
  async historyOf(downloadId: string): Promise<DownloadHistoryRow[]> {
    const rows = await this.downloads.manager.query<
      { event_type: number; author_id: number; book_id: number | null; source_title: string }[]
    >(
      `SELECT event_type, author_id, book_id, source_title FROM history
        WHERE upper(download_id) = upper($1) ORDER BY date DESC, id DESC`,
      [downloadId],
    );
    return rows.map((row) => ({
      eventType: row.event_type,
      authorId: row.author_id,
      bookId: row.book_id,
      sourceTitle: row.source_title,
    }));
  }

  async delete(id: number): Promise<void> {
    await this.downloads.delete({ id });
  }

  // Pending (delayed) releases

  pendingReleases(): Promise<PendingRelease[]> {
    return this.pending.find({ order: { id: 'ASC' } });
  }

  findPending(ids: number[]): Promise<PendingRelease[]> {
    return this.pending.findBy({ id: In(ids) });
  }

  insertPending(input: Omit<PendingRelease, 'id' | 'added'>): Promise<PendingRelease> {
    return this.pending.save(this.pending.create(input));
  }

  async deletePending(ids: number[]): Promise<void> {
    await this.pending.delete({ id: In(ids) });
  }

  /** Deletes the pending releases of any of the books; answers how many went. */
  async deletePendingForBooks(bookIds: number[]): Promise<number> {
    const removed = await this.pending
      .createQueryBuilder()
      .delete()
      .where('book_ids && :bookIds::int[]', { bookIds })
      .execute();
    return removed.affected ?? 0;
  }
}
