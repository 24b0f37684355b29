import { HistoryEntry } from '../../../../src/acquisition/history/history.entity';
import { type NewHistoryEntry, HistoryRepository } from '../../../../src/acquisition/history/history.repository';
import { EntityHistoryEventType } from '../../../../src/acquisition/history/history.resource';
import { DatabaseServer } from '../../../../src/platform/database/database-server';
import { PreparedStatements } from '../../../../src/platform/database/prepared-statements';
import { createAuthor, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

const EPUB = { quality: { id: 3, name: 'EPUB' }, revision: { version: 1, real: 0, isRepack: false } };
const GRABBED = EntityHistoryEventType.toNumber('grabbed');
const IMPORTED = EntityHistoryEventType.toNumber('bookFileImported');

/** History rows as every feature records them through the history repository, and read back. */
describe('history repository (medium)', () => {
  let medium: Medium;
  let history: HistoryRepository;

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [HistoryEntry],
      providers: [HistoryRepository, PreparedStatements, DatabaseServer],
      tables: ['history', 'history_event_count', 'author', 'author_metadata'],
    });
    await ensureProfiles(medium.dataSource);
    history = medium.get(HistoryRepository);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  const entry = (authorId: number, eventType: number, sourceTitle: string): NewHistoryEntry => ({
    authorId,
    bookId: null,
    sourceTitle,
    quality: EPUB,
    downloadId: null,
    eventType,
    data: { reason: 'test' },
  });

  it('records several rows in one call; the database fills id, date and empty custom formats', async () => {
    const author = await createAuthor(medium.dataSource);
    const before = new Date(Date.now() - 60_000);
    await history.record([entry(author.id, GRABBED, 'one'), entry(author.id, IMPORTED, 'two')]);

    const rows = await history.list({ authorId: author.id });
    expect(rows.map((row) => row.sourceTitle).sort()).toEqual(['one', 'two']);
    const stored = await history.findById(rows[0].id);
    expect(stored).toMatchObject({
      authorId: author.id,
      customFormatIds: [],
      customFormatScore: 0,
      data: { reason: 'test' },
    });
    expect(stored!.date.getTime()).toBeGreaterThan(before.getTime());
    expect(await history.findById(rows[0].id + 100)).toBeNull();
  });

  it('counts by event type from the trigger-kept totals, and by author from the rows', async () => {
    const author = await createAuthor(medium.dataSource);
    const other = await createAuthor(medium.dataSource);
    await history.record([entry(author.id, GRABBED, 'a'), entry(other.id, GRABBED, 'b')]);
    await history.record([entry(author.id, IMPORTED, 'c')]);

    expect(await history.count({})).toBe(3);
    expect(await history.count({ eventTypes: [GRABBED] })).toBe(2);
    expect(await history.count({ authorId: author.id })).toBe(2);
  });
});
