import { Injectable, Logger } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { IdentityResolver } from './identity/identity-resolver';
import { MigrationContext, type MigrationProgress } from './migration-context';
import { ReadarrDatabase } from './readarr/readarr-database.repository';
import { detectFlavour } from './readarr/readarr-flavour';
import { ReportBuilder, type MigrationReport } from './report/migration-report';
import { FoldersAndDelaysStep } from './steps/folders-and-delays.step';
import { LibraryStep } from './steps/library.step';
import { ProfilesStep } from './steps/profiles.step';
import { ProvidersStep } from './steps/providers.step';
import { RecordsStep } from './steps/records.step';
import { SettingsStep } from './steps/settings.step';

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
    private readonly profiles: ProfilesStep,
    private readonly foldersAndDelays: FoldersAndDelaysStep,
    private readonly providers: ProvidersStep,
    private readonly settings: SettingsStep,
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
      await progress(`${label}: tags, custom formats and profiles`, 0.02);
      await this.profiles.run(ctx);
      await this.foldersAndDelays.migrateDelayProfiles(ctx);
      await progress(`${label}: download clients and indexers`, 0.06);
      await this.providers.runDownloadClientsAndIndexers(ctx);
      await this.foldersAndDelays.migrateReleaseProfiles(ctx);
      await progress(`${label}: root folders`, 0.1);
      await this.foldersAndDelays.migrateRootFolders(ctx);
      await progress(`${label}: import lists and connections`, 0.12);
      await this.providers.runListsAndConnections(ctx);
      await this.settings.run(ctx);
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
