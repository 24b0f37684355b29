import { ApiProperty } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString } from 'class-validator';
import type { AuthorResource } from '../../library/author/author.resource';
import type { BookResource } from '../../library/book/book.resource';
import { PagingQuery } from '../../platform/common/paging/paging';
import { ToBoolean, ToInt, ToIntArray, WireEnumField } from '../../platform/common/validation/transforms';
import { WireEnum } from '../../platform/common/wire/wire-enum';
import { QualityModel } from '../../library/book-file/book-file.resource';
import type { CustomFormatResource } from '../../library/profile/custom-format/custom-format.resource';

export const EntityHistoryEventType = new WireEnum({
  unknown: 0,
  grabbed: 1,
  bookFileImported: 3,
  downloadFailed: 4,
  bookFileDeleted: 5,
  bookFileRenamed: 6,
  bookImportIncomplete: 7,
  downloadImported: 8,
  bookFileRetagged: 9,
  downloadIgnored: 10,
});
export type EntityHistoryEventTypeName = keyof typeof EntityHistoryEventType.values;

export class HistoryQuery extends PagingQuery {
  @IsOptional() @ToBoolean() @IsBoolean() includeAuthor?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() includeBook?: boolean;
  /** Repeated integers (EntityHistoryEventType numbers). */
  @IsOptional() @ToIntArray() @IsArray() @IsInt({ each: true }) eventType?: number[];
  @IsOptional() @ToInt() @IsInt() bookId?: number;
  @IsOptional() @IsString() downloadId?: string;
}

export class HistorySinceQuery {
  @IsOptional() @IsString() date?: string;
  @IsOptional() @WireEnumField(EntityHistoryEventType) eventType?: EntityHistoryEventTypeName;
  @IsOptional() @ToBoolean() @IsBoolean() includeAuthor?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() includeBook?: boolean;
}

export class HistoryAuthorQuery {
  @IsOptional() @ToInt() @IsInt() authorId?: number;
  @IsOptional() @ToInt() @IsInt() bookId?: number;
  @IsOptional() @WireEnumField(EntityHistoryEventType) eventType?: EntityHistoryEventTypeName;
  @IsOptional() @ToBoolean() @IsBoolean() includeAuthor?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() includeBook?: boolean;
}

export class HistoryResource {
  id!: number;
  bookId!: number;
  authorId!: number;
  sourceTitle?: string;
  quality!: QualityModel;
  customFormats!: CustomFormatResource[];
  customFormatScore!: number;
  qualityCutoffNotMet!: boolean;
  date!: Date;
  downloadId?: string;
  @ApiProperty({ enum: EntityHistoryEventType.names })
  eventType!: string;
  data!: Record<string, string>;
  book?: BookResource;
  author?: AuthorResource;
}

export class HistoryResourcePagingResource {
  page!: number;
  pageSize!: number;
  sortKey!: string;
  sortDirection!: string;
  totalRecords!: number;
  records!: HistoryResource[];
}
