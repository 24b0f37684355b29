import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BackupManifest, dumpDatabase, restoreDatabase } from './database-dump';
import { storeApiKey } from './stored-api-key';

/** Quire's database as a backup sees it: a consistent dump, the migrations this build knows, a whole restore. */
@Injectable()
export class DatabaseBackup {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Writes every backed-up table into `dir` from one snapshot (see `dumpDatabase`). */
  dump(dir: string): Promise<Pick<BackupManifest, 'migrations' | 'tables'>> {
    return dumpDatabase(this.dataSource, dir);
  }

  /** The migrations this build knows, by name (a backup from a newer build names others). */
  knownMigrations(): Set<string> {
    return new Set(this.dataSource.migrations.map((migration) => migration.name ?? ''));
  }

  /**
   * Replaces every backed-up table with the archive's rows in one transaction (see `restoreDatabase`). With
   * `apiKey`, that key is stored in the same transaction, whatever the backup holds.
   */
  restore(
    manifest: BackupManifest,
    rowsOf: (table: string, chunkSize: number) => AsyncIterable<unknown[]>,
    apiKey?: string,
  ): Promise<void> {
    return restoreDatabase(this.dataSource, manifest, rowsOf, async (runner) => {
      if (apiKey) await storeApiKey(runner, apiKey);
    });
  }
}
