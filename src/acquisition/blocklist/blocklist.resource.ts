import { ApiProperty } from '@nestjs/swagger';
import { IsArray, IsInt } from 'class-validator';
import type { AuthorResource } from '../../library/author/author.resource';
import { PagingQuery } from '../../platform/common/paging/paging';
import { QualityModel } from '../../library/book-file/book-file.resource';
import type { CustomFormatResource } from '../../library/profile/custom-format/custom-format.resource';
import { DownloadProtocol } from '../../integrations/core/download-protocol';

export class BlocklistQuery extends PagingQuery {}

export class BlocklistBulkResource {
  @IsArray()
  @IsInt({ each: true })
  ids!: number[];
}

export class BlocklistResource {
  id!: number;
  authorId!: number;
  bookIds!: number[];
  sourceTitle?: string;
  quality!: QualityModel;
  customFormats!: CustomFormatResource[];
  date!: Date;
  @ApiProperty({ enum: DownloadProtocol.names })
  protocol!: string;
  indexer?: string;
  message?: string;
  author?: AuthorResource;
}

export class BlocklistResourcePagingResource {
  page!: number;
  pageSize!: number;
  sortKey!: string;
  sortDirection!: string;
  totalRecords!: number;
  records!: BlocklistResource[];
}
