import { IsOptional, IsString } from 'class-validator';
import { PagingQuery } from '../../common/paging/paging';

export class LogResource {
  id: number;
  time: Date;
  exception?: string;
  exceptionType?: string;
  level: string;
  logger: string;
  message: string;
  method?: string;
}

export class LogResourcePagingResource {
  page: number;
  pageSize: number;
  sortKey: string;
  sortDirection: string;
  totalRecords: number;
  records: LogResource[];
}

export class LogQuery extends PagingQuery {
  /** Show lines of this level and more severe (`info`, `warn`, `error`, `fatal`, `debug`, `trace`). */
  @IsOptional() @IsString() level?: string;
}

export class LogFileResource {
  id: number;
  filename: string;
  lastWriteTime: Date;
  contentsUrl: string;
  downloadUrl: string;
}
