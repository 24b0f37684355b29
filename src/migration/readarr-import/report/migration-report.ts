/** The entities a migration reports on, in the order they are migrated. */
export const MIGRATION_ENTITIES = [
  'tags',
  'customFormats',
  'qualityProfiles',
  'metadataProfiles',
  'delayProfiles',
  'releaseProfiles',
  'rootFolders',
  'indexers',
  'downloadClients',
  'importLists',
  'notifications',
  'remotePathMappings',
  'settings',
  'authors',
  'books',
  'editions',
  'bookFiles',
  'importListExclusions',
  'history',
  'blocklist',
] as const;

export type MigrationEntity = (typeof MIGRATION_ENTITIES)[number];

export interface EntityCounts {
  /** Rows in the source database. */
  found: number;
  /** Created in Quire. */
  imported: number;
  /** Already in Quire (an earlier migration or the other instance): merged into the existing row. */
  merged: number;
  /** Left out, with the reason in `unmatched` or `conflicts`. */
  skipped: number;
  /** Imported (or kept) without a match in the metadata source; listed in `unmatched`. */
  unmatched: number;
}

export interface UnmatchedEntry {
  kind: string;
  readarrId: number;
  title: string;
  foreignId: string | null;
  reason: string;
}

export interface ConflictEntry {
  kind: string;
  readarrId: number;
  title: string;
  /** The field (or aspect) the two sides disagree on. */
  field: string;
  existing: unknown;
  incoming: unknown;
  /** What Quire did, e.g. "kept monitored (monitored wins)". */
  resolution: string;
}

export interface MigrationReport {
  dryRun: boolean;
  source: { appName: string; version: string; databaseFile: string; metadataIds: 'goodreads' | 'hardcover' };
  counts: Record<MigrationEntity, EntityCounts>;
  unmatched: UnmatchedEntry[];
  conflicts: ConflictEntry[];
  /** Calls made to the metadata source to map identities (after batching and caching). */
  lookups: { requests: number; identifiers: number; cached: number };
  startedAt: string;
  finishedAt?: string;
}

/** Collects counts and entries while a migration runs. */
export class ReportBuilder {
  readonly report: MigrationReport;

  constructor(dryRun: boolean, source: MigrationReport['source']) {
    const counts = {} as Record<MigrationEntity, EntityCounts>;
    for (const entity of MIGRATION_ENTITIES)
      counts[entity] = { found: 0, imported: 0, merged: 0, skipped: 0, unmatched: 0 };
    this.report = {
      dryRun,
      source,
      counts,
      unmatched: [],
      conflicts: [],
      lookups: { requests: 0, identifiers: 0, cached: 0 },
      startedAt: new Date().toISOString(),
    };
  }

  found(entity: MigrationEntity, count = 1): void {
    this.report.counts[entity].found += count;
  }

  count(entity: MigrationEntity, outcome: Exclude<keyof EntityCounts, 'found'>, count = 1): void {
    this.report.counts[entity][outcome] += count;
  }

  unmatched(entity: MigrationEntity, entry: UnmatchedEntry): void {
    this.report.counts[entity].unmatched++;
    this.report.unmatched.push(entry);
  }

  conflict(entry: ConflictEntry): void {
    this.report.conflicts.push(entry);
  }

  finish(): MigrationReport {
    this.report.finishedAt = new Date().toISOString();
    return this.report;
  }
}
