import { Injectable } from '@nestjs/common';
import type { MigrationContext } from '../migration-context';
import { FoldersAndDelaysStep } from './folders-and-delays.step';
import { ProfilesStep } from './profiles.step';
import { ProvidersStep } from './providers.step';
import { SettingsStep } from './settings.step';

/**
 * Everything of Readarr's but the library: tags, formats and profiles, delay and release profiles, download
 * clients and indexers, root folders, import lists and connections, settings. In dependency order: each part only
 * points at parts migrated before it (a root folder at its profiles, a release profile at its indexer).
 */
@Injectable()
export class ConfigurationStep {
  constructor(
    private readonly profiles: ProfilesStep,
    private readonly foldersAndDelays: FoldersAndDelaysStep,
    private readonly providers: ProvidersStep,
    private readonly settings: SettingsStep,
  ) {}

  /** `label` opens each progress message ("Dry run" or "Migrating"). */
  async run(ctx: MigrationContext, label: string): Promise<void> {
    await ctx.progress(`${label}: tags, custom formats and profiles`, 0.02);
    await this.profiles.run(ctx);
    await this.foldersAndDelays.migrateDelayProfiles(ctx);
    await ctx.progress(`${label}: download clients and indexers`, 0.06);
    await this.providers.runDownloadClientsAndIndexers(ctx);
    await this.foldersAndDelays.migrateReleaseProfiles(ctx);
    await ctx.progress(`${label}: root folders`, 0.1);
    await this.foldersAndDelays.migrateRootFolders(ctx);
    await ctx.progress(`${label}: import lists and connections`, 0.12);
    await this.providers.runListsAndConnections(ctx);
    await this.settings.run(ctx);
  }
}
