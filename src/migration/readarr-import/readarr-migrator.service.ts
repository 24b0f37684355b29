import { Injectable, Logger } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { IdentityResolver } from './identity/identity-resolver';
import { MigrationContext, type MigrationProgress } from './migration-context';
import { ReadarrDatabase } from './readarr/readarr-database.repository';
import { detectFlavour } from './readarr/readarr-flavour';
import { ReportBuilder, type MigrationReport } from './report/migration-report';
import { ConfigurationStep } from './steps/configuration.step';
import { LibraryStep } from './steps/library.step';
import { RecordsStep } from './steps/records.step';

export interface MigrationSource {
  /** The readarr.db on disk (extracted from the backup zip when one was given). */
  databasePath: string;
  /** The name the user knows the file by (upload name, CLI path). */
  displayName: string;
}

/**
 * Runs one migration from a readarr.db, step by step in dependency order. A dry run takes every decision the
 * real run takes — same reads, same lookups, same report — and writes nothing (rows it would create get
 * placeholder ids). Nothing here queues a command: no refresh, search or grab follows a migration.
 */
@Injectable()
export class ReadarrMigrator {
  private readonly logger = new Logger(ReadarrMigrator.name);

  constructor(
    private readonly identity: IdentityResolver,
    private readonly configuration: ConfigurationStep,
    private readonly library: LibraryStep,
    private readonly records: RecordsStep,
  ) {}

  async migrate(source: MigrationSource, dryRun: boolean, progress: MigrationProgress): Promise<MigrationReport> {
    await this.identity.assertReachable();
    const db = await ReadarrDatabase.open(await readFile(source.databasePath));
    try {
      const flavour = detectFlavour(db, source.displayName);
      const report = new ReportBuilder(dryRun, {
        appName: flavour.appName,
        version: flavour.version,
        databaseFile: source.displayName,
        metadataIds: flavour.metadataIds,
      });
      const ctx = new MigrationContext(db, report, dryRun, progress, `${flavour.metadataIds}:`);
      const label = dryRun ? 'Dry run' : 'Migrating';
      await this.configuration.run(ctx, label);
      await progress(`${label}: authors, books and files`, 0.15);
      await this.library.run(ctx);
      await progress(`${label}: history, blocklist and exclusions`, 0.9);
      await this.records.run(ctx);
      const done = report.finish();
      await progress(`${label} finished`, 1);
      this.logger.log(`${label} of ${source.displayName} finished`);
      return done;
    } finally {
      db.close();
    }
  }
}
