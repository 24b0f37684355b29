import { Injectable } from '@nestjs/common';
import {
  AllowFingerprinting,
  FileDateType,
  MEDIA_MANAGEMENT_CONFIG_DEFAULTS,
  ProperDownloadTypes,
  RescanAfterRefreshType,
} from '../../../platform/settings/media-management/media-management-config';
import { MediaManagementConfigService } from '../../../platform/settings/media-management/media-management-config.service';
import { NAMING_CONFIG_DEFAULTS } from '../../../platform/settings/naming/naming-config';
import { NamingConfigService } from '../../../platform/settings/naming/naming-config.service';
import type { MigrationContext } from '../migration-context';
import { readBool, readInt } from '../readarr/readarr-values';
import { sameJson } from './merge-named';

const ENUMS: Record<string, { parse(input: unknown): string | undefined }> = {
  downloadPropersAndRepacks: ProperDownloadTypes,
  fileDate: FileDateType,
  rescanAfterRefresh: RescanAfterRefreshType,
  allowFingerprinting: AllowFingerprinting,
};

/**
 * Naming and media-management settings. Rule: a setting Quire still has at its default takes the migrated
 * value; one already changed (by the user or by an earlier migration) is kept, and a differing migrated value
 * is listed as a conflict.
 */
@Injectable()
export class SettingsStep {
  constructor(
    private readonly naming: NamingConfigService,
    private readonly mediaManagement: MediaManagementConfigService,
  ) {}

  async run(ctx: MigrationContext): Promise<void> {
    const namingRow = ctx.source.all('NamingConfig')[0];
    if (namingRow) {
      const incoming: Record<string, unknown> = {
        renameBooks: readBool(namingRow.RenameBooks),
        replaceIllegalCharacters: readBool(namingRow.ReplaceIllegalCharacters, true),
        colonReplacementFormat: readInt(namingRow.ColonReplacementFormat, 4),
      };
      if (namingRow.StandardBookFormat) incoming.standardBookFormat = String(namingRow.StandardBookFormat);
      if (namingRow.AuthorFolderFormat) incoming.authorFolderFormat = String(namingRow.AuthorFolderFormat);
      await this.apply(ctx, 'naming', incoming, await this.naming.load(), NAMING_CONFIG_DEFAULTS, (next) =>
        this.naming.update(next),
      );
    }
    const config = new Map(ctx.source.all('Config').map((row) => [String(row.Key).toLowerCase(), String(row.Value)]));
    const incoming: Record<string, unknown> = {};
    for (const [key, fallback] of Object.entries(MEDIA_MANAGEMENT_CONFIG_DEFAULTS)) {
      const raw = config.get(key.toLowerCase());
      if (raw === undefined) continue;
      const value =
        typeof fallback === 'boolean'
          ? raw.toLowerCase() === 'true'
          : typeof fallback === 'number'
            ? Number(raw)
            : ENUMS[key]
              ? ENUMS[key].parse(raw)
              : raw;
      if (value !== undefined && !(typeof value === 'number' && Number.isNaN(value))) incoming[key] = value;
    }
    await this.apply(
      ctx,
      'mediaManagement',
      incoming,
      await this.mediaManagement.load(),
      MEDIA_MANAGEMENT_CONFIG_DEFAULTS,
      (next) => this.mediaManagement.update(next),
    );
  }

  private async apply(
    ctx: MigrationContext,
    section: string,
    incoming: Record<string, unknown>,
    current: object,
    defaults: object,
    update: (next: Record<string, unknown>) => Promise<unknown>,
  ): Promise<void> {
    const now = current as Record<string, unknown>;
    const base = defaults as Record<string, unknown>;
    const next: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(incoming)) {
      ctx.report.found('settings');
      if (sameJson(now[key], value)) {
        ctx.report.count('settings', 'merged');
      } else if (sameJson(now[key], base[key])) {
        next[key] = value;
        ctx.report.count('settings', 'imported');
      } else {
        ctx.report.count('settings', 'skipped');
        ctx.report.conflict({
          kind: 'settings',
          readarrId: 0,
          title: `${section}.${key}`,
          field: key,
          existing: now[key],
          incoming: value,
          resolution: 'kept the existing value (already changed from the default)',
        });
      }
    }
    if (ctx.dryRun || !Object.keys(next).length) return;
    try {
      await update(next);
    } catch (error) {
      ctx.report.conflict({
        kind: 'settings',
        readarrId: 0,
        title: section,
        field: Object.keys(next).join(','),
        existing: null,
        incoming: next,
        resolution: `not applied: ${(error as Error).message}`,
      });
    }
  }
}
