import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import { PagingQuery, SortDirection } from '../../platform/common/paging/paging';
import { ToBoolean, ToInt } from '../../platform/common/validation/transforms';
import { BookResource } from './book.resource';

/** Quire extension: the query of `GET /api/v1/book/paged` (Readarr's paging parameters plus book filters). */
export class BookPagedQuery extends PagingQuery {
  @IsOptional()
  @ToInt()
  @IsInt()
  @ApiPropertyOptional({ type: 'integer', description: 'Only this author’s books' })
  authorId?: number;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  @ApiPropertyOptional({ description: 'Only monitored (true) or unmonitored (false) books' })
  monitored?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  @ApiPropertyOptional({ description: 'Only books without a file (true) or with one (false)' })
  missing?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  @ApiPropertyOptional({ description: 'Part of the title, case-insensitive' })
  term?: string;
}

/** Readarr's paging envelope around BookResource records. */
export class BookPagingResource {
  @ApiProperty({ type: 'integer' }) page: number;
  @ApiProperty({ type: 'integer' }) pageSize: number;
  sortKey: string;
  @ApiProperty({ enum: Object.keys(SortDirection.values) }) sortDirection: string;
  @ApiProperty({ type: 'integer' }) totalRecords: number;
  @ApiProperty({ type: [BookResource] }) records: BookResource[];
}
