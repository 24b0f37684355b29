import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { bulkInsert, inChunks } from '../../platform/database/bulk-insert';
import type { Transaction } from '../../platform/database/transaction';
import type { PagingSpec } from '../../platform/common/paging/paging';
import { PreparedStatements } from '../../platform/database/prepared-statements';
import type { QualityProfileItem } from '../../library/profile/quality/quality';
import { HistoryEntry } from './history.entity';

export interface AuthorCutoffProfile {
  items: QualityProfileItem[];
  cutoff: number;
}

/** A history row of a page, with its author's quality profile (null when the author is gone). */
export interface HistoryPageRow extends HistoryEntry {
  profileItems: QualityProfileItem[] | null;
  profileCutoff: number | null;
}

/** A row to record: the event's own columns; id and date come from the database, format columns default empty. */
export type NewHistoryEntry = Omit<HistoryEntry, 'id' | 'date' | 'customFormatIds' | 'customFormatScore'> &
  Partial<Pick<HistoryEntry, 'customFormatIds' | 'customFormatScore'>>;

export interface HistoryFilter {
  eventTypes?: number[];
  bookId?: number;
  authorId?: number;
  downloadId?: string;
  since?: Date;
}

/** The sort keys clients send (Readarr's and short ones) → the column `pageWithProfiles` orders by. */
export const HISTORY_SORT_COLUMNS: Record<string, string> = {
  date: 'h.date',
  'history.date': 'h.date',
  'authorMetadata.sortName': 'm.sort_name',
  'books.title': 'b.title',
};

/** A history row under HistoryEntry's field names. */
const HISTORY_COLUMNS = `h.id, h.book_id AS "bookId", h.author_id AS "authorId", h.source_title AS "sourceTitle", h.quality,
  h.custom_format_ids AS "customFormatIds", h.custom_format_score AS "customFormatScore", h.date,
  h.download_id AS "downloadId", h.event_type AS "eventType", h.data`;

/**
 * The `history` table: every feature that records an event writes it here. Reads filter on indexed columns,
 * pages are LIMIT/OFFSET with a count, joins only to sort by them.
 */
@Injectable()
export class HistoryRepository {
  constructor(
    @InjectRepository(HistoryEntry) private readonly entries: Repository<HistoryEntry>,
    private readonly prepared: PreparedStatements,
  ) {}

  /** Inserts the rows in one statement. */
  async record(rows: NewHistoryEntry[]): Promise<void> {
    await this.entries.insert(rows);
  }

  findById(id: number): Promise<HistoryEntry | null> {
    return this.entries.findOneBy({ id });
  }

  /**
   * One page with its exact total and each row's author quality profile, in ONE query (a round trip costs
   * more than the rows here). An empty page (offset past the end) still needs the separate count.
   */
  async pageWithProfiles(filter: HistoryFilter, spec: PagingSpec): Promise<{ rows: HistoryPageRow[]; total: number }> {
    const { where, params } = this.whereClause(filter);
    const direction = spec.sortDirection === 'ascending' ? 'ASC' : 'DESC';
    const text = `SELECT ${HISTORY_COLUMNS}, p.items AS "profileItems", p.cutoff AS "profileCutoff",
              ${this.totalSql(filter, where)} AS total
       FROM history h
       LEFT JOIN author a ON a.id = h.author_id
       LEFT JOIN quality_profile p ON p.id = a.quality_profile_id
       ${spec.sortColumn.startsWith('m.') ? 'LEFT JOIN author_metadata m ON m.id = a.author_metadata_id' : ''}
       ${spec.sortColumn.startsWith('b.') ? 'LEFT JOIN book b ON b.id = h.book_id' : ''}
       ${where}
       ORDER BY ${spec.sortColumn} ${direction}, h.id ${direction}
       LIMIT ${Math.trunc(spec.pageSize)} OFFSET ${Math.trunc(spec.offset)}`;
    // The first page (what a history view opens on, and what clients poll) is prepared: parsed and planned
    // once per connection; later pages, whose OFFSET literals vary, run unprepared.
    const rows: (HistoryPageRow & { total: number })[] =
      spec.offset === 0 ? await this.prepared.query(text, params) : await this.entries.query(text, params);
    if (rows.length === 0) return { rows, total: await this.count(filter) };
    return { rows, total: rows[0].total };
  }

  /** The filter as positional SQL (`$1` is always the event types, so the count subquery can share it). */
  private whereClause(filter: HistoryFilter): { where: string; params: unknown[] } {
    const conditions: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      conditions.push(sql(`$${params.length}`));
    };
    if (filter.eventTypes?.length) add((n) => `h.event_type = ANY(${n}::int[])`, filter.eventTypes);
    if (filter.bookId !== undefined) add((n) => `h.book_id = ${n}`, filter.bookId);
    if (filter.authorId !== undefined) add((n) => `h.author_id = ${n}`, filter.authorId);
    if (filter.downloadId) add((n) => `h.download_id = ${n}`, filter.downloadId);
    if (filter.since) add((n) => `h.date >= ${n}`, filter.since);
    return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
  }

  /** Exact count of the filtered rows. */
  async count(filter: HistoryFilter): Promise<number> {
    const { where, params } = this.whereClause(filter);
    const rows: { count: number }[] = await this.entries.query(
      `SELECT ${this.totalSql(filter, where)} AS count`,
      params,
    );
    return rows[0]?.count ?? 0;
  }

  async list(filter: HistoryFilter): Promise<HistoryEntry[]> {
    const { where, params } = this.whereClause(filter);
    return this.entries.query(
      `SELECT ${HISTORY_COLUMNS} FROM history h ${where} ORDER BY h.date DESC, h.id DESC`,
      params,
    );
  }

  /**
   * The filtered rows' count as an SQL expression (`where` from whereClause). Unfiltered or by event type
   * only, it reads the trigger-kept `history_event_count` (one row per event type) instead of counting
   * every history row.
   */
  private totalSql(filter: HistoryFilter, where: string): string {
    const byTypeOnly =
      filter.bookId === undefined && filter.authorId === undefined && !filter.downloadId && !filter.since;
    return byTypeOnly
      ? `(SELECT coalesce(sum(count), 0) FROM history_event_count
          ${filter.eventTypes?.length ? 'WHERE event_type = ANY($1::int[])' : ''})::int`
      : `(SELECT count(*) FROM history h ${where})::int`;
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

  /** Bulk-inserts history rows in the caller's transaction (the Readarr import); ids in input order. */
  insertMany(tx: Transaction, rows: QueryDeepPartialEntity<HistoryEntry>[]): Promise<number[]> {
    return bulkInsert(tx, HistoryEntry, rows);
  }

  /** The historyKey of every history row of the given authors (to add each event once). */
  async keysOfAuthors(authorIds: number[]): Promise<Set<string>> {
    const keys = new Set<string>();
    for (const part of inChunks([...new Set(authorIds)], 5000))
      if (part.length)
        for (const row of await this.entries.find({
          select: ['date', 'eventType', 'sourceTitle', 'bookId'],
          where: { authorId: In(part) },
        }))
          keys.add(historyKey(row.date, row.eventType, row.sourceTitle, row.bookId));
    return keys;
  }
}

/** `date|eventType|sourceTitle|bookId`: what makes a history event the same event. */
export function historyKey(date: Date, eventType: number, sourceTitle: string, bookId: number | null): string {
  return `${date.toISOString()}|${eventType}|${sourceTitle}|${bookId ?? ''}`;
}
