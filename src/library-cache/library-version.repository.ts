import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { HOUSEKEEPING_EVENT } from '../command';
import { BackgroundOnce } from '../database/background-once';
import { PreparedStatements } from '../database/prepared-statements';

/** More change rows than this and the next reading folds them. */
const FOLD_ABOVE_ROWS = 1_000;

/** The library as one snapshot sees it (migration 1763881300000). */
export interface LibraryVersionReading {
  /** Sum of the visible `library_change` weights: equal sums, same library writes seen. */
  version: bigint;
  /** The database clock, in epoch milliseconds. */
  now: number;
  /** The first release date after `now` (epoch ms): answers that count released books change then. */
  nextRelease: number | null;
}

/** Reads the library version in one (prepared) statement and keeps its table small. */
@Injectable()
export class LibraryVersionRepository {
  private readonly folding = new BackgroundOnce(
    new Logger(LibraryVersionRepository.name),
    'Folding library changes',
    () => this.fold(),
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly prepared: PreparedStatements,
  ) {}

  async read(): Promise<LibraryVersionReading> {
    const [row] = await this.prepared.query<{ version: string; rows: number; now: number; nextRelease: number | null }>(
      `SELECT coalesce(sum(weight), 0)::text AS version, count(*)::int AS rows,
              (extract(epoch FROM now()) * 1000)::float8 AS now,
              (SELECT (extract(epoch FROM min(release_date)) * 1000)::float8 FROM book WHERE release_date > now())
                AS "nextRelease"
       FROM library_change`,
    );
    if (row.rows > FOLD_ABOVE_ROWS) this.folding.start();
    return { version: BigInt(row.version), now: row.now, nextRelease: row.nextRelease };
  }

  /**
   * Replaces the change rows by one row of their total weight, in one statement: every reader's sum stays
   * the same. Rows appended meanwhile are not in its snapshot and stay; a concurrent fold skips the rows
   * this one deleted, so nothing is counted twice.
   */
  @OnEvent(HOUSEKEEPING_EVENT)
  async fold(): Promise<void> {
    await this.dataSource.query(
      `WITH folded AS (DELETE FROM library_change RETURNING weight)
       INSERT INTO library_change (weight) SELECT sum(weight) FROM folded HAVING count(*) > 0`,
    );
  }
}
