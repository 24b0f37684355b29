import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, SelectQueryBuilder } from 'typeorm';
import type { PagingSpec } from '../common/paging/paging';
import type { QualityProfileItem } from '../profile/quality/quality';
import { HistoryEntry } from './history.entity';

export interface AuthorCutoffProfile {
  items: QualityProfileItem[];
  cutoff: number;
}

export interface HistoryFilter {
  eventTypes?: number[];
  bookId?: number;
  authorId?: number;
  downloadId?: string;
  since?: Date;
}

/** History reads: filters on indexed columns, LIMIT/OFFSET pages with a count, joins only to sort by them. */
@Injectable()
export class HistoryRepository {
  constructor(@InjectRepository(HistoryEntry) readonly entries: Repository<HistoryEntry>) {}

  private filtered(filter: HistoryFilter): SelectQueryBuilder<HistoryEntry> {
    const builder = this.entries.createQueryBuilder('h');
    if (filter.eventTypes?.length)
      builder.andWhere('h.event_type IN (:...eventTypes)', { eventTypes: filter.eventTypes });
    if (filter.bookId !== undefined) builder.andWhere('h.book_id = :bookId', { bookId: filter.bookId });
    if (filter.authorId !== undefined) builder.andWhere('h.author_id = :authorId', { authorId: filter.authorId });
    if (filter.downloadId) builder.andWhere('h.download_id = :downloadId', { downloadId: filter.downloadId });
    if (filter.since) builder.andWhere('h.date >= :since', { since: filter.since });
    return builder;
  }

  async page(filter: HistoryFilter, spec: PagingSpec): Promise<[HistoryEntry[], number]> {
    const direction = spec.sortDirection === 'ascending' ? 'ASC' : 'DESC';
    const rows = this.filtered(filter);
    if (spec.sortColumn.startsWith('m.'))
      rows
        .leftJoin('author', 'a', 'a.id = h.author_id')
        .leftJoin('author_metadata', 'm', 'm.id = a.author_metadata_id');
    if (spec.sortColumn.startsWith('b.')) rows.leftJoin('book', 'b', 'b.id = h.book_id');
    rows.orderBy(spec.sortColumn, direction).addOrderBy('h.id', direction).offset(spec.offset).limit(spec.pageSize);
    return Promise.all([rows.getMany(), this.count(filter)]);
  }

  /**
   * Exact count of the filtered rows. Unfiltered or by event type only, it reads the trigger-kept
   * `history_event_count` (one row per event type) instead of counting every history row.
   */
  async count(filter: HistoryFilter): Promise<number> {
    const byTypeOnly =
      filter.bookId === undefined && filter.authorId === undefined && !filter.downloadId && !filter.since;
    if (byTypeOnly) {
      const types = filter.eventTypes?.length ? filter.eventTypes : undefined;
      const rows: { count: number }[] = await this.entries.query(
        `SELECT coalesce(sum(count), 0)::int AS count FROM history_event_count
         ${types ? 'WHERE event_type = ANY($1::int[])' : ''}`,
        types ? [types] : [],
      );
      return rows[0]?.count ?? 0;
    }
    const builder = this.filtered(filter).select('count(*)::int', 'count');
    const row = await builder.getRawOne<{ count: number }>();
    return row?.count ?? 0;
  }

  list(filter: HistoryFilter): Promise<HistoryEntry[]> {
    return this.filtered(filter).orderBy('h.date', 'DESC').addOrderBy('h.id', 'DESC').getMany();
  }

  /** Each author's quality profile (items and cutoff), for `qualityCutoffNotMet`, in one query. */
  async authorCutoffProfiles(authorIds: number[]): Promise<Map<number, AuthorCutoffProfile>> {
    if (authorIds.length === 0) return new Map();
    const rows: ({ authorId: number } & AuthorCutoffProfile)[] = await this.entries.query(
      `SELECT a.id AS "authorId", p.items, p.cutoff FROM author a JOIN quality_profile p ON p.id = a.quality_profile_id
       WHERE a.id = ANY($1::int[])`,
      [authorIds],
    );
    return new Map(rows.map(({ authorId, ...profile }) => [authorId, profile]));
  }
}
