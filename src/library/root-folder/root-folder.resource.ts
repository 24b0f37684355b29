import { IsArray, IsBoolean, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { WireEnumField } from '../../platform/common/validation/transforms';
import { WireEnum } from '../../platform/common/wire/wire-enum';

export const MonitorTypes = new WireEnum({
  all: 0,
  future: 1,
  missing: 2,
  existing: 3,
  latest: 4,
  first: 5,
  none: 6,
  unknown: 7,
});
export const NewItemMonitorTypes = new WireEnum({ all: 0, none: 1, new: 2 });

/** A folder inside a root folder that no author's path uses. */
export class UnmappedFolder {
  name: string;
  path: string;
  relativePath: string;
}

export class RootFolderResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsString() path?: string;
  @IsOptional() @IsInt() defaultMetadataProfileId?: number;
  @IsOptional() @IsInt() defaultQualityProfileId?: number;
  @IsOptional() @WireEnumField(MonitorTypes) defaultMonitorOption?: string;
  @IsOptional() @WireEnumField(NewItemMonitorTypes) defaultNewItemMonitorOption?: string;
  @IsOptional() @IsArray() @IsInt({ each: true }) defaultTags?: number[];
  @IsOptional() @IsBoolean() isCalibreLibrary?: boolean;
  @IsOptional() @IsString() host?: string | null;
  @IsOptional() @IsInt() @Min(0) @Max(65535) port?: number | null;
  @IsOptional() @IsString() urlBase?: string | null;
  @IsOptional() @IsString() username?: string | null;
  @IsOptional() @IsString() password?: string | null;
  @IsOptional() @IsString() library?: string | null;
  @IsOptional() @IsString() outputFormat?: string | null;
  @IsOptional() @IsString() outputProfile?: string | null;
  @IsOptional() @IsBoolean() useSsl?: boolean;
  /** Read-only: filled on GET. */
  @IsOptional() @IsBoolean() accessible?: boolean;
  @IsOptional() @IsInt() freeSpace?: number | null;
  @IsOptional() @IsInt() totalSpace?: number | null;
  /** Read-only (Sonarr-style extension the UI's import page reads). */
  unmappedFolders?: UnmappedFolder[];
}
