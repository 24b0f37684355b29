import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, LessThan, Repository } from 'typeorm';
import type { PagingSpec } from '../../common/paging/paging';
import type { LogRecord } from '../../common/logging/log-tap';
import { LogEntry } from './log-entry.entity';

const INSERT_LOG_SQL = `
  INSERT INTO log (time, level, logger, message, exception, exception_type, method)
  SELECT * FROM unnest($1::timestamptz[], $2::varchar[], $3::varchar[], $4::text[], $5::text[], $6::varchar[],
                       $7::varchar[])`;

/** The sort keys clients send → the column `findPage` orders by. Readarr sorts "time" by id (same order, indexed). */
export const LOG_SORT_COLUMNS: Record<string, string> = {
  time: 'log.id',
  id: 'log.id',
  level: 'log.level',
  logger: 'log.logger',
  message: 'log.message',
};

/** The `log` table: batches written by the log sink, pages for `GET /log`, housekeeping. */
@Injectable()
export class LogRepository {
  constructor(
    @InjectRepository(LogEntry) private readonly logs: Repository<LogEntry>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** False before the connection is open (the sink may flush that early) and after it closed. */
  get available(): boolean {
    return this.dataSource.isInitialized;
  }

  async insertBatch(batch: LogRecord[]): Promise<void> {
    // One array per column: seven parameters whatever the batch size (TypeORM's multi-row insert builds
    // and checks one parameter per value, a cost that showed in profiles of busy /notify runs).
    await this.dataSource.query(INSERT_LOG_SQL, [
      batch.map((record) => record.time),
      batch.map((record) => record.level),
      batch.map((record) => record.logger),
      batch.map((record) => record.message),
      batch.map((record) => record.exception ?? null),
      batch.map((record) => record.exceptionType ?? null),
      batch.map((record) => record.method ?? null),
    ]);
  }

  /** One page of lines (of the given levels, when any), newest first by default, with the total. */
  findPage(spec: PagingSpec, levels: string[] | undefined): Promise<[LogEntry[], number]> {
    const builder = this.logs.createQueryBuilder('log');
    if (levels) builder.where('log.level IN (:...levels)', { levels });
    const direction = spec.sortDirection === 'ascending' ? 'ASC' : 'DESC';
    builder.orderBy(spec.sortColumn, direction);
    if (spec.sortColumn !== 'log.id') builder.addOrderBy('log.id', direction);
    return builder.skip(spec.offset).take(spec.pageSize).getManyAndCount();
  }

  async clear(): Promise<void> {
    await this.logs.clear();
  }

  /** Deletes lines older than `cutoff` and all but the newest `keepRows`; answers how many went. */
  async trim(cutoff: Date, keepRows: number): Promise<number> {
    const old = await this.logs.delete({ time: LessThan(cutoff) });
    const overflow = await this.logs
      .createQueryBuilder()
      .delete()
      .where('id <= (SELECT id FROM log ORDER BY id DESC OFFSET :keep LIMIT 1)', { keep: keepRows })
      .execute();
    return (old.affected ?? 0) + (overflow.affected ?? 0);
  }
}
