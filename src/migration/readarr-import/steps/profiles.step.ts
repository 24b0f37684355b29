import { Injectable } from '@nestjs/common';
import { CustomFormatService } from '../../../library/profile/custom-format/custom-format.service';
import type { CustomFormat } from '../../../library/profile/custom-format/custom-format.entity';
import { MetadataProfileService } from '../../../library/profile/metadata-profile/metadata-profile.service';
import { QualityProfileService } from '../../../library/profile/quality-profile/quality-profile.service';
import type { QualityProfileQualityItemResource } from '../../../library/profile/quality-profile/quality-profile.resource';
import { qualityById } from '../../../library/profile/quality/quality';
import { TagService } from '../../../library/tag/tag.service';
import type { MigrationContext } from '../migration-context';
import type { ReadarrRow } from '../readarr/readarr-database.repository';
import { readBool, readInt, readJson, readStrings, readText } from '../readarr/readarr-values';
import { mergeNamed, sameJson } from './merge-named';

interface ReadarrProfileItem {
  id?: number;
  name?: string;
  quality?: number | { id: number };
  items?: ReadarrProfileItem[];
  allowed?: boolean;
}

/** Tags, custom formats, quality and metadata profiles: merged by name and content (see mergeNamed). */
@Injectable()
export class ProfilesStep {
  constructor(
    private readonly tags: TagService,
    private readonly customFormats: CustomFormatService,
    private readonly qualityProfiles: QualityProfileService,
    private readonly metadataProfiles: MetadataProfileService,
  ) {}

  async run(ctx: MigrationContext): Promise<void> {
    await this.migrateTags(ctx);
    await this.migrateCustomFormats(ctx);
    await this.migrateQualityProfiles(ctx);
    await this.migrateMetadataProfiles(ctx);
  }

  private async migrateTags(ctx: MigrationContext): Promise<void> {
    const existing = (await this.tags.findAll()).map((tag) => ({ id: tag.id, name: tag.label }));
    for (const row of ctx.source.rows('Tags')) {
      const label = String(row.Label ?? '').toLowerCase();
      // A tag is its label: the same label is the same tag.
      await mergeNamed(
        ctx,
        'tags',
        { readarrId: readInt(row.Id), name: label },
        existing,
        (tag) => tag.name.toLowerCase() === label,
        async (name) => (await this.tags.create(name)).id,
      );
    }
  }

  private async migrateCustomFormats(ctx: MigrationContext): Promise<void> {
    const existing = await this.customFormats.findAll();
    for (const row of ctx.source.rows('CustomFormats')) {
      const specifications = readJson<{ type?: string; body?: Record<string, unknown> }[]>(row.Specifications, []).map(
        (spec) => {
          const { name, negate, required, ...fields } = spec.body ?? {};
          return {
            name: typeof name === 'string' ? name : '',
            implementation: String(spec.type ?? ''),
            negate: negate === true,
            required: required === true,
            fields: Object.entries(fields).map(([field, value]) => ({ name: field, value })),
          };
        },
      );
      const includeCustomFormatWhenRenaming = readBool(row.IncludeCustomFormatWhenRenaming);
      const same = (format: CustomFormat) =>
        format.includeCustomFormatWhenRenaming === includeCustomFormatWhenRenaming &&
        format.specifications.length === specifications.length &&
        format.specifications.every((spec, index) => {
          const other = specifications[index];
          return (
            spec.implementation === other.implementation &&
            spec.name === other.name &&
            spec.negate === other.negate &&
            spec.required === other.required &&
            other.fields.every((field) => sameJson(spec.fields[field.name], field.value))
          );
        });
      await mergeNamed(
        ctx,
        'customFormats',
        { readarrId: readInt(row.Id), name: String(row.Name) },
        existing,
        same,
        async (name) => (await this.customFormats.create({ name, includeCustomFormatWhenRenaming, specifications })).id,
      );
    }
  }

  private async migrateQualityProfiles(ctx: MigrationContext): Promise<void> {
    const existing = await this.qualityProfiles.findAll();
    const formats = ctx.idMap('customFormats');
    for (const row of ctx.source.rows('QualityProfiles')) {
      const items = readJson<ReadarrProfileItem[]>(row.Items, []).map(toItem);
      const formatItems = readJson<{ format: number; score: number }[]>(row.FormatItems, [])
        .map((item) => ({ format: formats.get(item.format), score: readInt(item.score) }))
        .filter((item): item is { format: number; score: number } => item.format !== undefined);
      const content = {
        upgradeAllowed: readBool(row.UpgradeAllowed),
        cutoff: readInt(row.Cutoff),
        minFormatScore: readInt(row.MinFormatScore),
        cutoffFormatScore: readInt(row.CutoffFormatScore),
      };
      await mergeNamed(
        ctx,
        'qualityProfiles',
        { readarrId: readInt(row.Id), name: String(row.Name) },
        existing,
        (profile) =>
          sameJson(
            { ...content, items: stripNames(items) },
            {
              upgradeAllowed: profile.upgradeAllowed,
              cutoff: profile.cutoff,
              minFormatScore: profile.minFormatScore,
              cutoffFormatScore: profile.cutoffFormatScore,
              items: stripNames(profile.items as QualityProfileQualityItemResource[]),
            },
          ) && sameJson(sortFormats(formatItems), sortFormats(profile.formatItems ?? [])),
        async (name) => (await this.qualityProfiles.create({ name, ...content, items, formatItems })).id,
      );
    }
  }

  private async migrateMetadataProfiles(ctx: MigrationContext): Promise<void> {
    const existing = await this.metadataProfiles.findAll();
    for (const row of ctx.source.rows('MetadataProfiles')) {
      const content = metadataProfileContent(row);
      await mergeNamed(
        ctx,
        'metadataProfiles',
        { readarrId: readInt(row.Id), name: String(row.Name) },
        existing,
        (profile) =>
          sameJson(content, {
            minPopularity: Number(profile.minPopularity),
            skipMissingDate: profile.skipMissingDate,
            skipMissingIsbn: profile.skipMissingIsbn,
            skipPartsAndSets: profile.skipPartsAndSets,
            skipSeriesSecondary: profile.skipSeriesSecondary,
            allowedLanguages: profile.allowedLanguages ?? '',
            minPages: profile.minPages,
            ignored: profile.ignored,
          }),
        async (name) => (await this.metadataProfiles.create({ name, ...content })).id,
      );
    }
  }
}

function metadataProfileContent(row: ReadarrRow) {
  // Before migration 033 `Ignored` was a comma-separated string.
  const ignored = readStrings(row.Ignored);
  const legacy = !ignored.length && typeof row.Ignored === 'string' && !row.Ignored.trim().startsWith('[');
  return {
    minPopularity: Number(row.MinPopularity ?? 0),
    skipMissingDate: readBool(row.SkipMissingDate),
    skipMissingIsbn: readBool(row.SkipMissingIsbn),
    skipPartsAndSets: readBool(row.SkipPartsAndSets),
    skipSeriesSecondary: readBool(row.SkipSeriesSecondary),
    allowedLanguages: readText(row.AllowedLanguages) ?? '',
    minPages: readInt(row.MinPages),
    ignored: legacy
      ? String(row.Ignored)
          .split(',')
          .map((term) => term.trim())
          .filter(Boolean)
      : ignored,
  };
}

/** Readarr's stored item `{quality: 3}` → its wire form `{quality: {id: 3, name: 'EPUB'}}`. */
function toItem(item: ReadarrProfileItem): QualityProfileQualityItemResource {
  if (item.quality !== undefined && item.quality !== null) {
    const id = typeof item.quality === 'object' ? Number(item.quality.id) : Number(item.quality);
    return { quality: { id, name: qualityById(id)?.name ?? '' }, items: [], allowed: item.allowed === true };
  }
  return {
    id: item.id,
    name: item.name,
    items: (item.items ?? []).map(toItem),
    allowed: item.allowed === true,
  };
}

function stripNames(items: QualityProfileQualityItemResource[]): unknown {
  return items.map((item) =>
    item.quality
      ? { quality: item.quality.id, allowed: item.allowed === true }
      : { id: item.id, name: item.name, allowed: item.allowed === true, items: stripNames(item.items ?? []) },
  );
}

function sortFormats(items: { format: number; score: number }[]) {
  return items.filter((item) => item.score !== 0).sort((a, b) => a.format - b.format);
}
