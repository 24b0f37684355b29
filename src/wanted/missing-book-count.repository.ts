import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { HOUSEKEEPING_EVENT } from '../command';

/** More delta rows than this and the next count folds them (a bulk import can leave one row per file). */
const COMPACT_ABOVE_ROWS = 5_000;

/**
 * wanted/missing's totalRecords for monitored books of monitored authors, read from the trigger-kept
 * `missing_book_count` deltas (migration 1763881200000) instead of counting every missing book.
 */
@Injectable()
export class MissingBookCountRepository {
  private readonly logger = new Logger(MissingBookCountRepository.name);
  private compacting?: Promise<void>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async countMonitoredMissing(): Promise<number> {
    // Unmonitored authors are the few: their deltas and their upcoming books come off the whole sum.
    const [row]: { total: number; deltaRows: number }[] = await this.dataSource.query(
      `SELECT d.total
            - (SELECT coalesce(sum(c.delta), 0) FROM missing_book_count c
                WHERE c.author_id IN (SELECT id FROM author WHERE NOT monitored))
            - (SELECT count(*) FROM book b
                WHERE b.monitored AND b.file_count = 0 AND b.release_date > now()
                  AND NOT EXISTS (SELECT 1 FROM author a WHERE a.id = b.author_id AND NOT a.monitored)) AS total,
              d.rows AS "deltaRows"
       FROM (SELECT coalesce(sum(delta), 0) AS total, count(*)::int AS rows FROM missing_book_count) d`,
    );
    if (row.deltaRows > COMPACT_ABOVE_ROWS) void this.compactInBackground();
    return Number(row.total);
  }

  /**
   * Folds the deltas to one row per author (and drops authors that are gone). One statement: deltas
   * appended meanwhile are not in its snapshot and stay; a concurrent compaction skips rows this one deleted.
   */
  @OnEvent(HOUSEKEEPING_EVENT)
  async compact(): Promise<void> {
    await this.dataSource.query(
      `WITH folded AS (DELETE FROM missing_book_count RETURNING author_id, delta)
       INSERT INTO missing_book_count (author_id, delta)
         SELECT f.author_id, sum(f.delta) FROM folded f
         WHERE EXISTS (SELECT 1 FROM author a WHERE a.id = f.author_id)
         GROUP BY f.author_id HAVING sum(f.delta) <> 0`,
    );
  }

  private compactInBackground(): Promise<void> {
    this.compacting ??= this.compact()
      .catch((error: unknown) => this.logger.warn(`Folding missing-book counts failed: ${String(error)}`))
      .finally(() => (this.compacting = undefined));
    return this.compacting;
  }
}
