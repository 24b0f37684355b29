import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BackgroundOnce } from '../../platform/database/background-once';
import { PreparedStatements } from '../../platform/database/prepared-statements';

/** More change rows than this and the next reading folds them. */
const FOLD_ABOVE_ROWS = 1_000;

/** A fold that touched more books than this records "unknown" (as the triggers do past their own cap). */
const FOLD_MAX_BOOKS = 5_000;

/** One visible `library_change` row: which books its statement touched (null: unknown, rebuild). */
export interface LibraryChange {
  id: string;
  bookIds: number[] | null;
}

/** The library as one snapshot sees it (migration 1763881300000). */
export interface LibraryVersionReading {
  /** Sum of the visible `library_change` weights: equal sums, same library writes seen. */
  version: bigint;
  /** The database clock, in epoch milliseconds. */
  now: number;
  /** The first release date after `now` (epoch ms): answers that count released books change then. */
  nextRelease: number | null;
}

/** A reading with the change rows it sums (for patching a cached list). */
export type LibraryChangesReading = LibraryVersionReading & { changes: LibraryChange[] };

/** The reading's columns over `library_change`: the version, the database clock, the next release date. */
const READING_COLUMNS = `coalesce(sum(weight), 0)::text AS version,
  (extract(epoch FROM now()) * 1000)::float8 AS now,
  (SELECT (extract(epoch FROM min(release_date)) * 1000)::float8 FROM book WHERE release_date > now()) AS "nextRelease"`;

interface ReadingRow {
  version: string;
  now: number;
  nextRelease: number | null;
}

const toReading = (row: ReadingRow): LibraryVersionReading => ({
  version: BigInt(row.version),
  now: row.now,
  nextRelease: row.nextRelease,
});

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
    const [row] = await this.prepared.query<ReadingRow & { rows: number }>(
      `SELECT ${READING_COLUMNS}, count(*)::int AS rows FROM library_change`,
    );
    if (row.rows > FOLD_ABOVE_ROWS) this.folding.start();
    return toReading(row);
  }

  /**
   * The reading and every visible change row with the books it touched (migration 1763883000000), from one
   * snapshot: the rows are what the version sums. About a thousand rows at most (see `fold`).
   */
  async readWithChanges(): Promise<LibraryChangesReading> {
    const [row] = await this.prepared.query<ReadingRow & { changes: LibraryChange[] }>(
      `SELECT ${READING_COLUMNS},
              coalesce(json_agg(json_build_object('id', id::text, 'bookIds', book_ids)), '[]') AS changes
       FROM library_change`,
    );
    return { ...toReading(row), changes: row.changes };
  }

  /**
   * Replaces the change rows by one row of their total weight, in one statement: every reader's sum stays
   * the same. Rows appended meanwhile are not in its snapshot and stay; a concurrent fold skips the rows
   * this one deleted, so nothing is counted twice. The new row names the union of the books they touched
   * (a reader that had seen some of them patches those books again: harmless), or NULL when one of them was
   * unknown or the union is too long to be worth patching. A NULL row stays in every later fold (a reader may
   * not have seen it), so after a restore each fold costs every process one rebuild: about one a day
   * (housekeeping) or one per thousand writes.
   */
  async fold(): Promise<void> {
    await this.dataSource.query(
      `WITH folded AS (DELETE FROM library_change RETURNING weight, book_ids),
            touched AS (SELECT DISTINCT unnest(book_ids) AS id FROM folded)
       INSERT INTO library_change (weight, book_ids)
       SELECT sum(weight),
              CASE WHEN bool_or(book_ids IS NULL) OR (SELECT count(*) FROM touched) > ${FOLD_MAX_BOOKS} THEN NULL
                   ELSE coalesce((SELECT array_agg(id ORDER BY id) FROM touched), '{}') END
       FROM folded HAVING count(*) > 0`,
    );
  }
}
