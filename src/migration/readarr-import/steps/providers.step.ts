import { Injectable } from '@nestjs/common';
import { stat } from 'node:fs/promises';
import type { ProviderDefinition } from '../../../integrations/core/provider-definition.entity';
import { ProviderDefinitionRepository } from '../../../integrations/core/provider-definition.repository';
import type { ProviderService } from '../../../integrations/core/provider.service';
import { DownloadClientService } from '../../../integrations/download-client/download-client.service';
import { ImportListService } from '../../../integrations/import-list/import-list.service';
import { IndexerService } from '../../../integrations/indexer/indexer.service';
import { NotificationService } from '../../../notifications/connections/notification.service';
import { RemotePathMappingService } from '../../../integrations/remote-path-mapping/remote-path-mapping.service';
import type { MigrationContext } from '../migration-context';
import type { ReadarrRow } from '../readarr/readarr-database.repository';
import { enumName, NEW_ITEM_MONITOR, readBool, readIds, readInt, readJson } from '../readarr/readarr-values';
import type { MigrationEntity } from '../report/migration-report';
import { mergeNamed, sameJson } from './merge-named';

type AnyProviderService = ProviderService<any, any, any>;

/** Columns every provider table shares; the others are the kind's flags (camelCased on the wire). */
const COMMON_COLUMNS = new Set(['Id', 'Name', 'Implementation', 'Settings', 'ConfigContract', 'Tags']);
const SHOULD_MONITOR = ['none', 'specificBook', 'entireAuthor'] as const;

/**
 * Indexers, download clients, import lists and notification connections, through each kind's provider
 * service (so settings are validated and stored as Quire stores them; secrets stay secrets and are masked in
 * answers). Saved with `forceSave`: nothing is contacted during a migration. A definition Quire's validation
 * refuses is kept, disabled, and listed as a conflict.
 */
@Injectable()
export class ProvidersStep {
  constructor(
    private readonly definitions: ProviderDefinitionRepository,
    private readonly indexers: IndexerService,
    private readonly downloadClients: DownloadClientService,
    private readonly importLists: ImportListService,
    private readonly notifications: NotificationService,
    private readonly remotePathMappings: RemotePathMappingService,
  ) {}

  async runDownloadClientsAndIndexers(ctx: MigrationContext): Promise<void> {
    await this.migrateKind(ctx, 'DownloadClients', 'downloadClients', this.downloadClients, () => ({}));
    await this.migrateKind(ctx, 'Indexers', 'indexers', this.indexers, (row) => ({
      downloadClientId: ctx.idMap('downloadClients').get(readInt(row.DownloadClientId)) ?? 0,
    }));
    await this.migrateRemotePathMappings(ctx);
  }

  async runListsAndConnections(ctx: MigrationContext): Promise<void> {
    await this.migrateKind(ctx, 'ImportLists', 'importLists', this.importLists, (row) => ({
      qualityProfileId: ctx.idMap('qualityProfiles').get(readInt(row.ProfileId)) ?? 0,
      metadataProfileId: ctx.idMap('metadataProfiles').get(readInt(row.MetadataProfileId)) ?? 0,
      shouldMonitor: enumName(SHOULD_MONITOR, row.ShouldMonitor),
      monitorNewItems: enumName(NEW_ITEM_MONITOR, row.MonitorNewItems),
      rootFolderPath: String(row.RootFolderPath ?? ''),
    }));
    await this.migrateKind(ctx, 'Notifications', 'notifications', this.notifications, () => ({}));
  }

  private async migrateKind(
    ctx: MigrationContext,
    table: string,
    entity: MigrationEntity,
    service: AnyProviderService,
    special: (row: ReadarrRow) => Record<string, unknown>,
  ): Promise<void> {
    const kind = (service as unknown as { kind: ProviderDefinition['kind'] }).kind;
    const existing = await this.definitions.listByKind(kind);
    for (const row of ctx.source.rows(table)) {
      const readarrId = readInt(row.Id);
      const implementation = String(row.Implementation);
      const name = String(row.Name);
      if (!service.registry.find(implementation)) {
        ctx.report.found(entity);
        ctx.report.count(entity, 'skipped');
        ctx.report.unmatched(entity, {
          kind: entity,
          readarrId,
          title: name,
          foreignId: null,
          reason: `Quire has no ${implementation} implementation`,
        });
        continue;
      }
      const settings = readJson<Record<string, unknown>>(row.Settings, {});
      const resource = {
        name,
        implementation,
        configContract: String(row.ConfigContract ?? ''),
        fields: settingsFields(settings),
        tags: ctx.idMap('tags').many(readIds(row.Tags)),
        ...kindFlags(row),
        ...special(row),
      };
      await mergeNamed(
        ctx,
        entity,
        { readarrId, name },
        existing,
        (definition) =>
          definition.implementation === implementation &&
          Object.entries(settings).every(
            ([field, value]) => !(field in definition.settings) || sameJson(definition.settings[field], value),
          ),
        async (free) => this.create(ctx, entity, service, { ...resource, name: free }, readarrId),
      );
    }
  }

  private async create(
    ctx: MigrationContext,
    entity: MigrationEntity,
    service: AnyProviderService,
    resource: Record<string, unknown>,
    readarrId: number,
  ): Promise<number> {
    try {
      return (await service.create(resource, true)).id as number;
    } catch (error) {
      const disabled = { ...resource, ...disabledFlags(resource) };
      ctx.report.conflict({
        kind: entity,
        readarrId,
        title: String(resource.name),
        field: 'settings',
        existing: null,
        incoming: null,
        resolution: `imported disabled: ${(error as Error).message}`,
      });
      return (await service.create(disabled, true)).id as number;
    }
  }

  private async migrateRemotePathMappings(ctx: MigrationContext): Promise<void> {
    const existing = await this.remotePathMappings.list();
    for (const row of ctx.source.rows('RemotePathMappings')) {
      ctx.report.found('remotePathMappings');
      const content = { host: String(row.Host), remotePath: String(row.RemotePath), localPath: String(row.LocalPath) };
      const trim = (path: string) => path.replace(/[\\/]+$/, '');
      if (
        existing.some(
          (mapping) =>
            mapping.host.toLowerCase() === content.host.toLowerCase() &&
            trim(mapping.remotePath) === trim(content.remotePath) &&
            trim(mapping.localPath) === trim(content.localPath),
        )
      ) {
        ctx.report.count('remotePathMappings', 'merged');
        continue;
      }
      if (!(await isFolder(content.localPath))) {
        ctx.report.count('remotePathMappings', 'skipped');
        ctx.report.unmatched('remotePathMappings', {
          kind: 'remotePathMapping',
          readarrId: readInt(row.Id),
          title: `${content.host}:${content.remotePath}`,
          foreignId: null,
          reason: `Local path ${content.localPath} does not exist on disk`,
        });
        continue;
      }
      const id = await ctx.create(async () => (await this.remotePathMappings.create(content)).id, {
        kind: 'remotePathMappings',
        readarrId: readInt(row.Id),
        title: `${content.host}:${content.remotePath}`,
      });
      existing.push({ id, ...content });
      ctx.report.count('remotePathMappings', 'imported');
    }
  }
}

/** `EnableRss` → `enableRss: true`, `Priority` → `priority: 25`: the kind's own columns as wire fields. */
function kindFlags(row: ReadarrRow): Record<string, unknown> {
  const flags: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (COMMON_COLUMNS.has(column)) continue;
    const key = column[0].toLowerCase() + column.slice(1);
    flags[key] = column === 'Priority' ? readInt(value, 25) : readBool(value);
  }
  return flags;
}

function disabledFlags(resource: Record<string, unknown>): Record<string, unknown> {
  const flags: Record<string, unknown> = {};
  for (const key of Object.keys(resource))
    if (/^(enable|on[A-Z])/.test(key) && typeof resource[key] === 'boolean') flags[key] = false;
  return flags;
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Readarr stores a settings group as a nested object ({"seedCriteria":{"seedRatio":1}}) while its wire fields name
 * it with dots (seedCriteria.seedRatio): nested objects are offered under the dotted names as well.
 */
function settingsFields(settings: Record<string, unknown>, prefix = ''): { name: string; value: unknown }[] {
  return Object.entries(settings).flatMap(([field, value]) => {
    const name = `${prefix}${field}`;
    const own = { name, value };
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return [own];
    return [own, ...settingsFields(value as Record<string, unknown>, `${name}.`)];
  });
}
