import { ApiProperty } from '@nestjs/swagger';
import { IsArray, IsInt, IsOptional } from 'class-validator';
import type { AuthorResource } from '../../library/author/author.resource';
import type { BookResource } from '../../library/book/book.resource';
import { PagingQuery } from '../../platform/common/paging/paging';
import { ToBoolean, ToInt, ToIntArray } from '../../platform/common/validation/transforms';
import { IsBoolean } from 'class-validator';
import { QualityModel } from '../../library/book-file/book-file.resource';
import type { CustomFormatResource } from '../../library/profile/custom-format/custom-format.resource';
import { WireEnum } from '../../platform/common/wire/wire-enum';
import { DownloadProtocol } from '../../integrations/core/download-protocol';

export const TrackedDownloadState = new WireEnum({
  downloading: 0,
  downloadFailed: 1,
  downloadFailedPending: 2,
  importPending: 3,
  importing: 4,
  importFailed: 5,
  imported: 6,
  ignored: 7,
});
export const TrackedDownloadStatus = new WireEnum({ ok: 0, warning: 1, error: 2 });

export class QueueQuery extends PagingQuery {
  @IsOptional() @ToBoolean() @IsBoolean() includeUnknownAuthorItems?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() includeAuthor?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() includeBook?: boolean;
}

export class QueueDetailsQuery {
  @IsOptional() @ToInt() @IsInt() authorId?: number;
  @IsOptional() @ToIntArray() @IsArray() @IsInt({ each: true }) bookIds?: number[];
  @IsOptional() @ToBoolean() @IsBoolean() includeAuthor?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() includeBook?: boolean;
}

export class QueueRemoveQuery {
  @IsOptional() @ToBoolean() @IsBoolean() removeFromClient?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() blocklist?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() skipRedownload?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() changeCategory?: boolean;
}

export class QueueBulkResource {
  @IsArray()
  @IsInt({ each: true })
  ids!: number[];
}

export class TrackedDownloadStatusMessage {
  title?: string;
  messages!: string[];
}

export class QueueResource {
  id!: number;
  authorId?: number;
  bookId?: number;
  author?: AuthorResource;
  book?: BookResource;
  quality!: QualityModel;
  customFormats!: CustomFormatResource[];
  customFormatScore!: number;
  size!: number;
  title?: string;
  sizeleft!: number;
  timeleft?: string;
  estimatedCompletionTime?: Date;
  status?: string;
  @ApiProperty({ enum: TrackedDownloadStatus.names })
  trackedDownloadStatus?: string;
  @ApiProperty({ enum: TrackedDownloadState.names })
  trackedDownloadState?: string;
  statusMessages!: TrackedDownloadStatusMessage[];
  errorMessage?: string;
  downloadId?: string;
  @ApiProperty({ enum: DownloadProtocol.names })
  protocol!: string;
  downloadClient?: string;
  downloadClientHasPostImportCategory!: boolean;
  indexer?: string;
  outputPath?: string;
  downloadForced!: boolean;
}

export class QueueStatusResource {
  id?: number;
  totalCount!: number;
  count!: number;
  unknownCount!: number;
  errors!: boolean;
  warnings!: boolean;
  unknownErrors!: boolean;
  unknownWarnings!: boolean;
}

export class QueueResourcePagingResource {
  page!: number;
  pageSize!: number;
  sortKey!: string;
  sortDirection!: string;
  totalRecords!: number;
  records!: QueueResource[];
}
