import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BackgroundOnce } from '../../platform/database/background-once';
import { DatabaseVacuum } from '../../platform/database/database-vacuum';
import { PreparedStatements } from '../../platform/database/prepared-statements';
import type { AuthorStatisticsRow } from './author.repository';

/** More delta rows than this and the next read folds them (a bulk import can leave one row per file). */
const COMPACT_ABOVE_ROWS = 5_000;

/**
 * Author statistics and wanted/missing's totalRecords, read from the trigger-kept `author_book_count`
 * deltas (migration 1763881200000) instead of aggregating every book per request.
 */
@Injectable()
export class AuthorBookCountRepository {
  private readonly folding = new BackgroundOnce(
    new Logger(AuthorBookCountRepository.name),
    'Folding author book counts',
    () => this.compact(),
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly prepared: PreparedStatements,
    private readonly vacuum: DatabaseVacuum,
  ) {}

  /** Readarr's AuthorStatistics of the requested authors (all when `ids` is undefined). */
  async statistics(ids?: number[]): Promise<Map<number, AuthorStatisticsRow>> {
    const filter = ids ? 'WHERE author_id = ANY($1::int[])' : '';
    // bookCount: undated or with a file, plus the monitored file-less books already released.
    const rows: (AuthorStatisticsRow & { deltaRows: number })[] = await this.dataSource.query(
      `WITH counts AS (
         SELECT author_id, sum(books) AS books, sum(undated_or_available) AS undated_or_available,
                sum(available_books) AS available_books, sum(file_count) AS file_count, sum(file_size) AS file_size,
                sum(missing_candidates) AS missing_candidates, count(*) AS delta_rows
         FROM author_book_count ${filter} GROUP BY author_id),
       upcoming AS (
         SELECT author_id, count(*) AS n FROM book
         WHERE monitored AND file_count = 0 AND release_date >= now() ${ids ? 'AND author_id = ANY($1::int[])' : ''}
         GROUP BY author_id)
       SELECT c.author_id AS "authorId", c.books::int AS "totalBookCount",
              (c.undated_or_available + c.missing_candidates - coalesce(u.n, 0))::int AS "bookCount",
              c.available_books::int AS "availableBookCount", c.file_count::int AS "bookFileCount",
              c.file_size::text AS "sizeOnDisk", (sum(c.delta_rows) OVER ())::int AS "deltaRows"
       FROM counts c LEFT JOIN upcoming u USING (author_id)
       WHERE c.books <> 0`,
      ids ? [ids] : [],
    );
    if (!ids && rows.length > 0) this.compactWhenLarge(rows[0].deltaRows);
    return new Map(
      rows.map(({ deltaRows: _deltaRows, ...row }) => [row.authorId, { ...row, sizeOnDisk: Number(row.sizeOnDisk) }]),
    );
  }

  /** wanted/missing's total: monitored books of monitored authors, released, without a file. */
  async countMonitoredMissing(): Promise<number> {
    // Unmonitored authors are the few: their counts and everyone's upcoming books come off the whole sum.
    const [row] = await this.prepared.query<{ total: string; deltaRows: number }>(
      `SELECT d.total
            - (SELECT coalesce(sum(c.missing_candidates), 0) FROM author_book_count c
                WHERE c.author_id IN (SELECT id FROM author WHERE NOT monitored))
            - (SELECT count(*) FROM book b
                WHERE b.monitored AND b.file_count = 0 AND b.release_date > now()
                  AND NOT EXISTS (SELECT 1 FROM author a WHERE a.id = b.author_id AND NOT a.monitored)) AS total,
              d.rows AS "deltaRows"
       FROM (SELECT coalesce(sum(missing_candidates), 0) AS total, count(*)::int AS rows FROM author_book_count) d`,
    );
    this.compactWhenLarge(row.deltaRows);
    return Number(row.total);
  }

  /**
   * Folds the deltas to one row per author (and drops authors that are gone). One statement: deltas
   * appended meanwhile are not in its snapshot and stay; a concurrent fold skips the rows this one deleted.
   * Every read of the counts scans this table, so the folded rows' dead versions are vacuumed at once
   * rather than whenever autovacuum (if any) gets to them.
   */
  async compact(): Promise<void> {
    await this.dataSource.query(
      `WITH folded AS (DELETE FROM author_book_count RETURNING *)
       INSERT INTO author_book_count
         SELECT f.author_id, sum(books), sum(undated_or_available), sum(available_books), sum(file_count),
                sum(file_size), sum(missing_candidates)
         FROM folded f
         WHERE EXISTS (SELECT 1 FROM author a WHERE a.id = f.author_id)
         GROUP BY f.author_id
         HAVING sum(books) <> 0`,
    );
    await this.vacuum.table('author_book_count');
  }

  private compactWhenLarge(deltaRows: number): void {
    if (deltaRows > COMPACT_ABOVE_ROWS) this.folding.start();
  }
}
