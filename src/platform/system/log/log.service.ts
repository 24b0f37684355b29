import { Injectable } from '@nestjs/common';
import { OnDomainEvent } from '../../common/events/domain-events';
import { HousekeepingEvent } from '../../command';
import { ValidationError } from '../../common/errors/domain-errors';
import { PagingResource, pagingResource, resolvePaging } from '../../common/paging/paging';
import { LogEntry } from './log-entry.entity';
import { LOG_SORT_COLUMNS, LogRepository } from './log.repository';
import { LogQuery, LogResource } from './log.resource';

const SEVERITY = ['Trace', 'Debug', 'Info', 'Warn', 'Error', 'Fatal'];
/** Housekeeping keeps a week of lines, and never more than this many. */
const KEEP_DAYS = 7;
const KEEP_ROWS = 100_000;

@Injectable()
export class LogService {
  constructor(private readonly logs: LogRepository) {}

  async page(query: LogQuery): Promise<PagingResource<LogResource>> {
    const spec = resolvePaging(query, LOG_SORT_COLUMNS, 'time');
    const [rows, total] = await this.logs.findPage(spec, query.level ? levelsFrom(query.level) : undefined);
    return pagingResource(spec, total, rows.map(toResource));
  }

  async clear(): Promise<void> {
    await this.logs.clear();
  }

  @OnDomainEvent(HousekeepingEvent.NAME)
  async trim(): Promise<number> {
    return this.logs.trim(new Date(Date.now() - KEEP_DAYS * 24 * 3600 * 1000), KEEP_ROWS);
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
