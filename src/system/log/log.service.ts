import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { HOUSEKEEPING_EVENT } from '../../command';
import { ValidationError } from '../../common/errors/domain-errors';
import { PagingResource, pagingResource, resolvePaging } from '../../common/paging/paging';
import { LogEntry } from './log-entry.entity';
import { LogQuery, LogResource } from './log.resource';

const SEVERITY = ['Trace', 'Debug', 'Info', 'Warn', 'Error', 'Fatal'];
// Readarr sorts "time" by id (same order, indexed); both are accepted.
const SORT_COLUMNS = { time: 'log.id', id: 'log.id', level: 'log.level', logger: 'log.logger', message: 'log.message' };
/** Housekeeping keeps a week of lines, and never more than this many. */
const KEEP_DAYS = 7;
const KEEP_ROWS = 100_000;

@Injectable()
export class LogService {
  constructor(@InjectRepository(LogEntry) private readonly logs: Repository<LogEntry>) {}

  async page(query: LogQuery): Promise<PagingResource<LogResource>> {
    const spec = resolvePaging(query, SORT_COLUMNS, 'time');
    const builder = this.logs.createQueryBuilder('log');
    if (query.level) builder.where('log.level IN (:...levels)', { levels: levelsFrom(query.level) });
    const direction = spec.sortDirection === 'ascending' ? 'ASC' : 'DESC';
    builder.orderBy(spec.sortColumn, direction);
    if (spec.sortColumn !== 'log.id') builder.addOrderBy('log.id', direction);
    const [rows, total] = await builder.skip(spec.offset).take(spec.pageSize).getManyAndCount();
    return pagingResource(spec, total, rows.map(toResource));
  }

  async clear(): Promise<void> {
    await this.logs.clear();
  }

  @OnEvent(HOUSEKEEPING_EVENT)
  async trim(): Promise<number> {
    const cutoff = new Date(Date.now() - KEEP_DAYS * 24 * 3600 * 1000);
    const old = await this.logs.delete({ time: LessThan(cutoff) });
    const overflow = await this.logs
      .createQueryBuilder()
      .delete()
      .where('id <= (SELECT id FROM log ORDER BY id DESC OFFSET :keep LIMIT 1)', { keep: KEEP_ROWS })
      .execute();
    return (old.affected ?? 0) + (overflow.affected ?? 0);
  }
}

/** `level=warn` → Warn, Error, Fatal. */
function levelsFrom(level: string): string[] {
  const index = SEVERITY.findIndex((name) => name.toLowerCase() === level.trim().toLowerCase());
  if (index < 0) throw ValidationError.of('level', `Must be one of: ${SEVERITY.join(', ').toLowerCase()}`, level);
  return SEVERITY.slice(index);
}

function toResource(entry: LogEntry): LogResource {
  return {
    id: entry.id,
    time: entry.time,
    exception: entry.exception ?? undefined,
    exceptionType: entry.exceptionType ?? undefined,
    // Readarr's LogResource writes the level lower-case (`info`, `warn`); it is stored as written to the files.
    level: entry.level.toLowerCase(),
    logger: entry.logger,
    message: entry.message,
    method: entry.method ?? undefined,
  };
}
