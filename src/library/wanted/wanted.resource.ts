import { IsBoolean, IsOptional } from 'class-validator';
import { PagingQuery } from '../../platform/common/paging/paging';
import { ToBoolean } from '../../platform/common/validation/transforms';
import type { BookResource } from '../book/book.resource';

export class WantedQuery extends PagingQuery {
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  includeAuthor?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  monitored?: boolean;
}

export class BookResourcePagingResource {
  page!: number;
  pageSize!: number;
  sortKey!: string;
  sortDirection!: string;
  totalRecords!: number;
  records!: BookResource[];
}
