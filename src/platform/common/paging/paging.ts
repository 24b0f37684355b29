import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { ValidationError } from '../errors/domain-errors';
import { ToInt, WireEnumField } from '../validation/transforms';
import { WireEnum } from '../wire/wire-enum';

export const SortDirection = new WireEnum({ default: 0, ascending: 1, descending: 2 });
export type SortDirectionName = keyof typeof SortDirection.values;

export const MAX_PAGE_SIZE = 100_000;

/** The query parameters every paged list shares. */
export class PagingQuery {
  @IsOptional()
  @ToInt()
  @IsInt()
  @Min(1)
  @ApiPropertyOptional({ type: 'integer', default: 1 })
  page?: number;

  @IsOptional()
  @ToInt()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  @ApiPropertyOptional({ type: 'integer', default: 10, maximum: MAX_PAGE_SIZE })
  pageSize?: number;

  @IsOptional()
  @IsString()
  @ApiPropertyOptional()
  sortKey?: string;

  @IsOptional()
  @WireEnumField(SortDirection)
  sortDirection?: SortDirectionName;
}

export interface PagingSpec {
  page: number;
  pageSize: number;
  /** The key as echoed back to the client. */
  sortKey: string;
  /** The SQL expression to order by (from the endpoint's allow-list, never from the client). */
  sortColumn: string;
  sortDirection: 'ascending' | 'descending';
  offset: number;
}

export interface PagingResource<T> {
  page: number;
  pageSize: number;
  sortKey: string;
  sortDirection: SortDirectionName;
  totalRecords: number;
  records: T[];
}

/**
 * Resolves a client's sort key against the endpoint's allow-list (case-insensitive; `table.column`
 * forms are listed explicitly). An unknown key is a 400 naming the allowed ones, never a SQL error.
 */
export function resolvePaging(query: PagingQuery, sortColumns: Record<string, string>, defaultKey: string): PagingSpec {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 10;
  const requested = query.sortKey ?? defaultKey;
  const match = Object.keys(sortColumns).find((key) => key.toLowerCase() === requested.toLowerCase());
  if (!match) {
    throw ValidationError.of(
      'sortKey',
      `'${requested}' is not a valid sort key. Valid keys: ${Object.keys(sortColumns).join(', ')}`,
      requested,
    );
  }
  const sortDirection = query.sortDirection === 'ascending' ? 'ascending' : 'descending';
  return {
    page,
    pageSize,
    sortKey: match,
    sortColumn: sortColumns[match],
    sortDirection,
    offset: (page - 1) * pageSize,
  };
}

export function pagingResource<T>(spec: PagingSpec, totalRecords: number, records: T[]): PagingResource<T> {
  return {
    page: spec.page,
    pageSize: spec.pageSize,
    sortKey: spec.sortKey,
    sortDirection: spec.sortDirection,
    totalRecords,
    records,
  };
}
