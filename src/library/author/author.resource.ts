import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { ToBoolean, WireEnumField } from '../../platform/common/validation/transforms';
import {
  ApplyTags,
  type ApplyTagsName,
  AuthorStatusType,
  type AuthorStatusTypeName,
  MonitorTypes,
  type MonitorTypesName,
  NewItemMonitorTypes,
  type NewItemMonitorTypesName,
} from './catalogue.enums';
import { Links, MediaCover, Ratings } from './media.resource';

export class AddAuthorOptions {
  @IsOptional()
  @WireEnumField(MonitorTypes)
  monitor?: MonitorTypesName;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  booksToMonitor?: string[];

  @IsOptional()
  @IsBoolean()
  monitored?: boolean;

  @IsOptional()
  @IsBoolean()
  searchForMissingBooks?: boolean;
}

export class AuthorStatisticsResource {
  bookFileCount!: number;
  bookCount!: number;
  availableBookCount!: number;
  totalBookCount!: number;
  sizeOnDisk!: number;
  percentOfBooks!: number;
}

/**
 * Readarr's internal `Book` model as it leaks through `nextBook`/`lastBook`:
 * scalars plus explicit `null` relations.
 */
@ApiSchema({ name: 'Book' })
export class BookModel {
  id!: number;
  authorMetadataId!: number;
  foreignBookId!: string;
  foreignEditionId?: string;
  titleSlug?: string;
  title!: string;
  releaseDate?: Date;
  links!: Links[];
  genres!: string[];
  relatedBooks!: number[];
  ratings!: Ratings;
  lastSearchTime?: Date;
  cleanTitle!: string;
  monitored!: boolean;
  anyEditionOk!: boolean;
  lastInfoSync?: Date;
  added!: Date;
  addOptions?: object;
  @ApiProperty({ nullable: true, type: Object }) authorMetadata!: null;
  @ApiProperty({ nullable: true, type: Object }) author!: null;
  @ApiProperty({ nullable: true, type: Object }) editions!: null;
  @ApiProperty({ nullable: true, type: Object }) bookFiles!: null;
  @ApiProperty({ nullable: true, type: Object }) seriesLinks!: null;
}

/** An author on the wire; input properties carry validators, the rest is read-only. */
export class AuthorResource {
  @IsOptional()
  @IsInt()
  id?: number;

  authorMetadataId?: number;

  @IsOptional()
  @WireEnumField(AuthorStatusType)
  status?: AuthorStatusTypeName;

  ended?: boolean;

  @IsOptional()
  @IsString()
  authorName?: string;

  authorNameLastFirst?: string;

  @IsOptional()
  @IsString()
  foreignAuthorId?: string;

  @IsOptional()
  @IsString()
  titleSlug?: string;

  @IsOptional()
  @IsString()
  overview?: string;

  @IsOptional()
  @IsString()
  disambiguation?: string;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => Links)
  links?: Links[];

  nextBook?: BookModel;
  lastBook?: BookModel;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => MediaCover)
  images?: MediaCover[];

  remotePoster?: string;

  @IsOptional()
  @IsString()
  path?: string;

  @IsOptional()
  @IsInt()
  qualityProfileId?: number;

  @IsOptional()
  @IsInt()
  metadataProfileId?: number;

  @IsOptional()
  @IsBoolean()
  monitored?: boolean;

  @IsOptional()
  @WireEnumField(NewItemMonitorTypes)
  monitorNewItems?: NewItemMonitorTypesName;

  @IsOptional()
  @IsString()
  rootFolderPath?: string;

  folder?: string;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  genres?: string[];

  cleanName?: string;
  sortName?: string;
  sortNameLastFirst?: string;

  @IsOptional()
  @IsArray()
  @IsInt({ each: true })
  tags?: number[];

  added?: Date;

  @IsOptional()
  @ValidateNested()
  @Type(() => AddAuthorOptions)
  addOptions?: AddAuthorOptions;

  @IsOptional()
  @ValidateNested()
  @Type(() => Ratings)
  ratings?: Ratings;

  statistics?: AuthorStatisticsResource;
}

export class AuthorEditorResource {
  @IsArray()
  @IsInt({ each: true })
  authorIds!: number[];

  @IsOptional()
  @IsBoolean()
  monitored?: boolean;

  @IsOptional()
  @WireEnumField(NewItemMonitorTypes)
  monitorNewItems?: NewItemMonitorTypesName;

  @IsOptional()
  @IsInt()
  qualityProfileId?: number;

  @IsOptional()
  @IsInt()
  metadataProfileId?: number;

  @IsOptional()
  @IsString()
  rootFolderPath?: string;

  @IsOptional()
  @IsArray()
  @IsInt({ each: true })
  tags?: number[];

  @IsOptional()
  @WireEnumField(ApplyTags)
  applyTags?: ApplyTagsName;

  @IsOptional()
  @IsBoolean()
  moveFiles?: boolean;

  @IsOptional()
  @IsBoolean()
  deleteFiles?: boolean;
}

export class AuthorUpdateQuery {
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  moveFiles?: boolean;
}

export class AuthorListQuery {
  /** Quire extension: only the author with this slug (an empty list when none has it). */
  @ApiPropertyOptional({ description: 'Quire extension: only the author whose titleSlug this is' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  titleSlug?: string;
}

export class AuthorDeleteQuery {
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  deleteFiles?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  addImportListExclusion?: boolean;
}
