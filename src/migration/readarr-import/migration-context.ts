import { DomainError } from '../../platform/common/errors/domain-errors';
import type { ReadarrDatabase } from './readarr/readarr-database.repository';
import type { MigrationEntity, ReportBuilder } from './report/migration-report';

/** Readarr id → Quire id, per entity. In a dry run, rows that would be created get negative placeholder ids. */
export class IdMap {
  private readonly map = new Map<number, number>();

  set(readarrId: number, quireId: number): void {
    this.map.set(readarrId, quireId);
  }

  get(readarrId: number): number | undefined {
    return this.map.get(readarrId);
  }

  /** Maps a list (tags), dropping ids with no counterpart. */
  many(readarrIds: number[]): number[] {
    return [...new Set(readarrIds.map((id) => this.map.get(id)).filter((id): id is number => id !== undefined))];
  }

  /** Takes over the entries of another map. */
  add(other: IdMap): void {
    for (const [key, value] of other.map) this.map.set(key, value);
  }

  /** Replaces placeholder ids by the ids the rows got when they were written. */
  remap(real: Map<number, number>): void {
    for (const [key, value] of this.map) if (real.has(value)) this.map.set(key, real.get(value)!);
  }

  /** The Quire ids of rows that exist (no dry-run placeholders). */
  values(): number[] {
    return [...new Set(this.map.values())].filter((id) => id > 0);
  }

  get size(): number {
    return this.map.size;
  }
}

export type MigrationProgress = (message: string, fraction: number) => Promise<void>;

/** What every step of one migration run shares. */
export class MigrationContext {
  readonly ids: Record<string, IdMap> = {};
  /**
   * Readarr foreign author/work id → the metadata source's id it was matched to, for the ids the library's
   * import-list exclusions name (the only later reader; the library's other ids are not kept).
   */
  readonly matchedForeignIds = new Map<string, string>();
  private exclusionIds?: Set<string>;
  /** Where placeholder ids of a dry run come from (never a real id). */
  private nextPlaceholder = -1;

  constructor(
    readonly source: ReadarrDatabase,
    readonly report: ReportBuilder,
    readonly dryRun: boolean,
    readonly progress: MigrationProgress,
    /** 'goodreads:' or 'hardcover:' — the prefix kept on ids the metadata source could not map. */
    readonly foreignPrefix: string,
  ) {}

  rememberMatch(readarrForeignId: string, foreignId: string): void {
    this.exclusionIds ??= new Set([...this.source.rows('ImportListExclusions')].map((row) => String(row.ForeignId)));
    if (this.exclusionIds.has(readarrForeignId)) this.matchedForeignIds.set(readarrForeignId, foreignId);
  }

  idMap(entity: MigrationEntity): IdMap {
    return (this.ids[entity] ??= new IdMap());
  }

  placeholder(): number {
    return this.nextPlaceholder--;
  }

  /**
   * Runs `write` unless this is a dry run, where it returns a placeholder id instead. A row Quire's own
   * validation refuses (a 400 through the API) does not stop the migration: it is listed as a conflict.
   */
  async create(
    write: () => Promise<number>,
    what?: { kind: MigrationEntity; readarrId: number; title: string },
  ): Promise<number> {
    if (this.dryRun) return this.placeholder();
    try {
      return await write();
    } catch (error) {
      if (!what || !(error instanceof DomainError)) throw error;
      this.report.conflict({
        ...what,
        field: 'validation',
        existing: null,
        incoming: null,
        resolution: `not created: ${error.message}`,
      });
      return this.placeholder();
    }
  }
}
