import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';

/** Wire shapes of `GET /api/v1/migration/{commandId}` (documented for clients such as the web UI). */
export class MigrationEntityCountsResource {
  found!: number;
  imported!: number;
  merged!: number;
  skipped!: number;
  unmatched!: number;
}

export class MigrationSourceResource {
  appName!: string;
  version!: string;
  databaseFile!: string;
  /** Which ids the source's Foreign*Id columns hold. */
  metadataIds!: string;
}

export class MigrationUnmatchedResource {
  kind!: string;
  readarrId!: number;
  title!: string;
  foreignId!: string | null;
  reason!: string;
}

export class MigrationConflictResource {
  kind!: string;
  readarrId!: number;
  title!: string;
  field!: string;
  existing?: unknown;
  incoming?: unknown;
  resolution!: string;
}

export class MigrationLookupsResource {
  requests!: number;
  identifiers!: number;
  cached!: number;
}

@ApiExtraModels(MigrationEntityCountsResource)
export class MigrationReportResource {
  dryRun!: boolean;
  source!: MigrationSourceResource;
  /** One entry per entity: rootFolders, qualityProfiles, …, history, blocklist. */
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(MigrationEntityCountsResource) },
    description: 'One entry per entity: rootFolders, qualityProfiles, …, history, blocklist',
  })
  counts!: Record<string, MigrationEntityCountsResource>;
  unmatched!: MigrationUnmatchedResource[];
  conflicts!: MigrationConflictResource[];
  lookups!: MigrationLookupsResource;
  startedAt!: string;
  finishedAt?: string;
}
