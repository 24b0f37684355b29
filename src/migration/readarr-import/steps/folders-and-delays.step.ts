import { Injectable } from '@nestjs/common';
import { stat } from 'node:fs/promises';
import {
  GLOBAL_DELAY_PROFILE_ORDER,
  type DelayProfile,
} from '../../../library/profile/delay-profile/delay-profile.entity';
import { DelayProfileService } from '../../../library/profile/delay-profile/delay-profile.service';
import { ReleaseProfileService } from '../../../acquisition/release-profile/release-profile.service';
import { RootFolderCommandService } from '../../../library/root-folder/root-folder-command.service';
import { RootFolderService } from '../../../library/root-folder/root-folder.service';
import type { MigrationContext } from '../migration-context';
import type { ReadarrRow } from '../readarr/readarr-database.repository';
import {
  enumName,
  MONITOR_TYPES,
  NEW_ITEM_MONITOR,
  readBool,
  readIds,
  readInt,
  readJson,
  readStrings,
} from '../readarr/readarr-values';
import { sameJson } from './merge-named';

const DEFAULT_GLOBAL_DELAY = {
  enableUsenet: true,
  enableTorrent: true,
  preferredProtocol: 'usenet',
  usenetDelay: 0,
  torrentDelay: 0,
  bypassIfHighestQuality: false,
  bypassIfAboveCustomFormatScore: false,
  minimumCustomFormatScore: 0,
  tags: [] as number[],
};

/** Delay profiles, release profiles (after indexers) and root folders (after profiles: they point at them). */
@Injectable()
export class FoldersAndDelaysStep {
  constructor(
    private readonly delayProfiles: DelayProfileService,
    private readonly releaseProfiles: ReleaseProfileService,
    private readonly rootFolders: RootFolderService,
    private readonly rootFolderCommands: RootFolderCommandService,
  ) {}

  async migrateDelayProfiles(ctx: MigrationContext): Promise<void> {
    const existing = await this.delayProfiles.findAll();
    for (const row of ctx.source.rows('DelayProfiles')) {
      ctx.report.found('delayProfiles');
      const id = readInt(row.Id);
      const content = delayContent(row, ctx);
      const isGlobal = readInt(row.Order) === GLOBAL_DELAY_PROFILE_ORDER;
      const same = (profile: DelayProfile) => sameJson(content, delayOf(profile));
      if (isGlobal) {
        const global = existing.find((profile) => profile.order === GLOBAL_DELAY_PROFILE_ORDER)!;
        if (same(global)) ctx.report.count('delayProfiles', 'merged');
        else if (sameJson(delayOf(global), DEFAULT_GLOBAL_DELAY)) {
          // Still at Quire's defaults: the migrated values take its place.
          if (!ctx.dryRun) await this.delayProfiles.update(global.id, { ...content, tags: [] });
          Object.assign(global, content);
          ctx.report.count('delayProfiles', 'merged');
        } else {
          ctx.report.count('delayProfiles', 'skipped');
          ctx.report.conflict({
            kind: 'delayProfiles',
            readarrId: id,
            title: 'Global delay profile',
            field: 'content',
            existing: delayOf(global),
            incoming: content,
            resolution: 'kept the existing global delay profile (already changed from the defaults)',
          });
        }
        ctx.idMap('delayProfiles').set(id, global.id);
        continue;
      }
      const equal = existing.find(same);
      if (equal) {
        ctx.report.count('delayProfiles', 'merged');
        ctx.idMap('delayProfiles').set(id, equal.id);
        continue;
      }
      const created = await ctx.create(async () => (await this.delayProfiles.create(content)).id, {
        kind: 'delayProfiles',
        readarrId: id,
        title: `Delay profile ${id}`,
      });
      existing.push({ id: created, order: 0, ...content });
      ctx.idMap('delayProfiles').set(id, created);
      ctx.report.count('delayProfiles', 'imported');
    }
  }

  async migrateReleaseProfiles(ctx: MigrationContext): Promise<void> {
    const existing = await this.releaseProfiles.findAll();
    for (const row of ctx.source.rows('ReleaseProfiles')) {
      ctx.report.found('releaseProfiles');
      const content = {
        enabled: readBool(row.Enabled, true),
        required: readStrings(row.Required),
        ignored: readStrings(row.Ignored),
        indexerId: readInt(row.IndexerId) ? (ctx.idMap('indexers').get(readInt(row.IndexerId)) ?? 0) : 0,
        tags: ctx.idMap('tags').many(readIds(row.Tags)),
      };
      const equal = existing.find((profile) =>
        sameJson(content, {
          enabled: profile.enabled,
          required: profile.required,
          ignored: profile.ignored,
          indexerId: profile.indexerId,
          tags: profile.tags,
        }),
      );
      if (equal) {
        ctx.report.count('releaseProfiles', 'merged');
        continue;
      }
      const created = await ctx.create(async () => (await this.releaseProfiles.create(content)).id, {
        kind: 'releaseProfiles',
        readarrId: readInt(row.Id),
        title: `Release profile ${readInt(row.Id)}`,
      });
      existing.push({ id: created, ...content });
      ctx.report.count('releaseProfiles', 'imported');
    }
  }

  async migrateRootFolders(ctx: MigrationContext): Promise<void> {
    const existing = await this.rootFolders.findAll();
    for (const row of ctx.source.rows('RootFolders')) {
      ctx.report.found('rootFolders');
      const id = readInt(row.Id);
      const path = String(row.Path).replace(/[\\/]+$/, '') || '/';
      const calibre = readJson<Record<string, unknown> | null>(row.CalibreSettings, null);
      const content = {
        name: String(row.Name ?? '') || path,
        path,
        defaultQualityProfileId: ctx.idMap('qualityProfiles').get(readInt(row.DefaultQualityProfileId)),
        defaultMetadataProfileId: ctx.idMap('metadataProfiles').get(readInt(row.DefaultMetadataProfileId)),
        defaultMonitorOption: enumName(MONITOR_TYPES, row.DefaultMonitorOption),
        defaultNewItemMonitorOption: enumName(NEW_ITEM_MONITOR, row.DefaultNewItemMonitorOption),
        defaultTags: ctx.idMap('tags').many(readIds(row.DefaultTags)),
        isCalibreLibrary: readBool(row.IsCalibreLibrary),
        ...(calibre ?? {}),
      };
      const same = existing.find((folder) => folder.path === path);
      if (same) {
        ctx.idMap('rootFolders').set(id, same.id);
        ctx.report.count('rootFolders', 'merged');
        const kept = {
          q: same.defaultQualityProfileId,
          m: same.defaultMetadataProfileId,
          o: same.defaultMonitorOption,
        };
        const incoming = {
          q: content.defaultQualityProfileId,
          m: content.defaultMetadataProfileId,
          o: content.defaultMonitorOption,
        };
        if (!sameJson(kept, incoming))
          ctx.report.conflict({
            kind: 'rootFolders',
            readarrId: id,
            title: path,
            field: 'defaults',
            existing: kept,
            incoming,
            resolution: 'one root folder per path: kept the existing defaults',
          });
        continue;
      }
      if (!(await isFolder(path))) {
        ctx.report.count('rootFolders', 'skipped');
        ctx.report.unmatched('rootFolders', {
          kind: 'rootFolder',
          readarrId: id,
          title: content.name,
          foreignId: null,
          reason: `Folder ${path} does not exist on disk`,
        });
        continue;
      }
      const created = await ctx.create(async () => (await this.rootFolderCommands.create(content)).id, {
        kind: 'rootFolders',
        readarrId: id,
        title: path,
      });
      existing.push({ id: created, ...content } as never);
      ctx.idMap('rootFolders').set(id, created);
      ctx.report.count('rootFolders', 'imported');
    }
  }
}

function delayContent(row: ReadarrRow, ctx: MigrationContext) {
  return {
    enableUsenet: readBool(row.EnableUsenet, true),
    enableTorrent: readBool(row.EnableTorrent, true),
    preferredProtocol: readInt(row.PreferredProtocol, 1) === 2 ? 'torrent' : 'usenet',
    usenetDelay: readInt(row.UsenetDelay),
    torrentDelay: readInt(row.TorrentDelay),
    bypassIfHighestQuality: readBool(row.BypassIfHighestQuality),
    bypassIfAboveCustomFormatScore: readBool(row.BypassIfAboveCustomFormatScore),
    minimumCustomFormatScore: readInt(row.MinimumCustomFormatScore),
    tags: ctx.idMap('tags').many(readIds(row.Tags)),
  };
}

function delayOf(profile: DelayProfile) {
  return {
    enableUsenet: profile.enableUsenet,
    enableTorrent: profile.enableTorrent,
    preferredProtocol: profile.preferredProtocol,
    usenetDelay: profile.usenetDelay,
    torrentDelay: profile.torrentDelay,
    bypassIfHighestQuality: profile.bypassIfHighestQuality,
    bypassIfAboveCustomFormatScore: profile.bypassIfAboveCustomFormatScore,
    minimumCustomFormatScore: profile.minimumCustomFormatScore,
    tags: profile.tags,
  };
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
