import type { LogRecord } from '../../../../../src/platform/common/logging/log-tap';
import type { PagingSpec } from '../../../../../src/platform/common/paging/paging';
import { LogEntry } from '../../../../../src/platform/system/log/log-entry.entity';
import { LOG_SORT_COLUMNS, LogRepository } from '../../../../../src/platform/system/log/log.repository';
import { Medium, newMediumService } from '../../../medium';

function spec(sortKey: string, overrides: Partial<PagingSpec> = {}): PagingSpec {
  return {
    page: 1,
    pageSize: 10,
    sortKey,
    sortColumn: LOG_SORT_COLUMNS[sortKey],
    sortDirection: 'ascending',
    offset: 0,
    ...overrides,
  };
}

/** The `log` table on PostgreSQL: batches from the log sink, the pages of GET /log, and housekeeping's trims. */
describe('log repository (medium)', () => {
  let medium: Medium;
  let logs: LogRepository;
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const line = (message: string, overrides: Partial<LogRecord> = {}): LogRecord => ({
    time: new Date(),
    level: 'Info',
    logger: 'Test',
    message,
    ...overrides,
  });
  const messages = async (page: PagingSpec, levels?: string[]) =>
    (await logs.findPage(page, levels))[0].map((row) => row.message);

  beforeAll(async () => {
    medium = await newMediumService({ entities: [LogEntry], providers: [LogRepository], tables: ['log'] });
    logs = medium.get(LogRepository);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  it('stores a batch in one statement, text as given (Unicode, quotes, empty optional fields as null)', async () => {
    const batch = Array.from({ length: 250 }, (_, index) => line(`line ${index}`));
    batch[7] = line('Ünïcödé ✓ 书 — "quoted" \'single\' \\ back', {
      level: 'Error',
      exception: 'Error: boom\n    at x',
      exceptionType: 'Error',
      method: 'run',
    });
    await logs.insertBatch(batch);
    const [rows, total] = await logs.findPage(spec('id', { pageSize: 1 }), ['Error']);
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      message: 'Ünïcödé ✓ 书 — "quoted" \'single\' \\ back',
      exception: 'Error: boom\n    at x',
      exceptionType: 'Error',
      method: 'run',
    });
    const [plain] = (await logs.findPage(spec('id', { pageSize: 1 }), ['Info']))[0];
    expect(plain).toMatchObject({ message: 'line 0', exception: null, exceptionType: null, method: null });
    expect((await logs.findPage(spec('id'), undefined))[1]).toBe(250);
  });

  it('pages: filtered by levels, sorted by a column with the id breaking ties, in either direction', async () => {
    await logs.insertBatch([
      line('a', { level: 'Warn' }),
      line('b', { level: 'Error' }),
      line('c', { level: 'Warn' }),
      line('d', { level: 'Info' }),
    ]);
    expect(await messages(spec('time'))).toEqual(['a', 'b', 'c', 'd']);
    expect(await messages(spec('time', { sortDirection: 'descending' }))).toEqual(['d', 'c', 'b', 'a']);
    expect(await messages(spec('level'))).toEqual(['b', 'd', 'a', 'c']);
    expect(await messages(spec('level', { sortDirection: 'descending' }))).toEqual(['c', 'a', 'd', 'b']);
    expect(await messages(spec('time'), ['Warn', 'Error'])).toEqual(['a', 'b', 'c']);
    const [page, total] = await logs.findPage(spec('time', { pageSize: 2, offset: 2 }), ['Warn', 'Error']);
    expect([page.map((row) => row.message), total]).toEqual([['c'], 3]);
  });

  it('trims lines older than the cutoff, then all but the newest ones; clear empties the table', async () => {
    await logs.insertBatch([
      line('old', { time: minutesAgo(60) }),
      line('one', { time: minutesAgo(3) }),
      line('two', { time: minutesAgo(2) }),
      line('three', { time: minutesAgo(1) }),
    ]);
    expect(await logs.trim(minutesAgo(30), 10)).toBe(1);
    expect(await logs.trim(new Date(0), 2)).toBe(1);
    expect(await messages(spec('time'))).toEqual(['two', 'three']);
    expect(await logs.trim(new Date(0), 2)).toBe(0);
    await logs.clear();
    expect(await messages(spec('time'))).toEqual([]);
  });
});
