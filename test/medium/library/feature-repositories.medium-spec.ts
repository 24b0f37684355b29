import { BlocklistEntry } from '../../../src/acquisition/blocklist/blocklist.entity';
import { BlocklistRepository } from '../../../src/acquisition/blocklist/blocklist.repository';
import { BookFileRepository } from '../../../src/library/book-file/book-file.repository';
import type { PagingSpec } from '../../../src/platform/common/paging/paging';
import { ImportListExclusion } from '../../../src/library/import-list-exclusion/import-list-exclusion.entity';
import { ImportListExclusionRepository } from '../../../src/library/import-list-exclusion/import-list-exclusion.repository';
import { DelayProfileRepository } from '../../../src/library/profile/delay-profile/delay-profile.repository';
import { ProfileModule } from '../../../src/library/profile/profile.module';
import { ProfileSeeder } from '../../../src/library/profile/profile-seeder.service';
import { QualityProfileRepository } from '../../../src/library/profile/quality-profile/quality-profile.repository';
import { SeriesRepository } from '../../../src/library/series/series.repository';
import { TransactionRunner } from '../../../src/platform/database/transaction';
import { LogEntry } from '../../../src/platform/system/log/log-entry.entity';
import { LogRepository } from '../../../src/platform/system/log/log.repository';
import { createAuthor, createBook, createBookFile, createSeries } from '../../factories';
import { Medium, newMediumService } from '../medium';

const QUALITY = { quality: { id: 3, name: 'EPUB' }, revision: { version: 1, real: 0, isRepack: false } };

function spec(sortColumn: string, overrides: Partial<PagingSpec> = {}): PagingSpec {
  return { page: 1, pageSize: 10, sortKey: 'x', sortColumn, sortDirection: 'ascending', offset: 0, ...overrides };
}

/** The repositories that took the SQL of services: each method against real tables. */
describe('feature repositories (medium)', () => {
  let medium: Medium;

  beforeAll(async () => {
    medium = await newMediumService({
      imports: [ProfileModule],
      entities: [BlocklistEntry, ImportListExclusion, LogEntry],
      providers: [
        BookFileRepository,
        BlocklistRepository,
        ImportListExclusionRepository,
        SeriesRepository,
        LogRepository,
      ],
    });
  });
  afterAll(() => medium.close());
  beforeEach(async () => {
    await medium.resetTables();
    await medium.get(ProfileSeeder).onModuleInit();
  });

  it('BookFileRepository: a rescan upserts by path, walks rows under a folder, maps and deletes them', async () => {
    const files = medium.get(BookFileRepository);
    const scanned = (path: string, size: number) => ({
      path,
      size,
      modified: new Date('2025-01-01T00:00:00Z'),
      qualityId: 3,
      mediaKind: 'ebook',
    });
    const first = await files.upsertScanned([scanned('/lib/a/one.epub', 10), scanned('/lib/a/two.epub', 20)]);
    expect(first.inserted.map((row) => row.path)).toEqual(['/lib/a/one.epub', '/lib/a/two.epub']);
    const again = await files.upsertScanned([scanned('/lib/a/one.epub', 10), scanned('/lib/a/two.epub', 21)]);
    expect(again).toEqual({ inserted: [], updated: 1 });

    await createBookFile(medium.dataSource, null, { path: '/lib/b/other.epub' });
    const under = await files.findUnder('/lib/a/', 0, 10);
    expect(under.map((row) => row.path)).toEqual(['/lib/a/one.epub', '/lib/a/two.epub']);
    expect((await files.findUnder('/lib/a', under[0].id, 10)).map((row) => row.path)).toEqual(['/lib/a/two.epub']);

    const author = await createAuthor(medium.dataSource);
    const book = await createBook(medium.dataSource, author);
    const other = await createBook(medium.dataSource, author);
    await files.mapToEdition(under[0].id, book.editionId);
    await files.mapToEdition(under[0].id, other.editionId);
    expect((await files.findRowsByBooks([book.id])).map((row) => row.id)).toEqual([under[0].id]);

    await files.deleteByIds([under[1].id]);
    expect((await files.findUnder('/lib/a', 0, 10)).map((row) => row.id)).toEqual([under[0].id]);
  });

  it("BookFileRepository: an author's move rebases its file paths, its deletion and a book's take the rows", async () => {
    const files = medium.get(BookFileRepository);
    const author = await createAuthor(medium.dataSource, { path: '/lib/Ann_50%' });
    const book = await createBook(medium.dataSource, author);
    const inside = await createBookFile(medium.dataSource, book.editionId, { path: '/lib/Ann_50%/x.epub' });
    // A sibling folder whose name starts alike must not move (LIKE wildcards in the old path are escaped).
    const sibling = await createBookFile(medium.dataSource, book.editionId, { path: '/lib/Ann_500/y.epub' });

    await files.rebaseAuthorPaths(author.id, '/lib/Ann_50%', '/new/Ann');
    const paths = (await files.findRowsByAuthor(author.id)).map((row) => row.path);
    expect(paths).toEqual(['/new/Ann/x.epub', sibling.path]);

    const transactions = medium.get(TransactionRunner);
    const deleted = await transactions.run((tx) => files.deleteOfBook(tx, book.id));
    expect(deleted.sort()).toEqual([sibling.path, '/new/Ann/x.epub']);
    const later = await createBook(medium.dataSource, author);
    await createBookFile(medium.dataSource, later.editionId);
    await transactions.run((tx) => files.deleteOfAuthor(tx, author.id));
    expect(await files.findRowsByAuthor(author.id)).toEqual([]);
    expect(await files.findRowsByIds([inside.id])).toEqual([]);
  });

  it('LogRepository: batches in, pages by level, trims by age and by count', async () => {
    const logs = medium.get(LogRepository);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await logs.insertBatch([
      { time: at(3), level: 'Info', logger: 'A', message: 'one' },
      { time: at(2), level: 'Warn', logger: 'B', message: 'two', exception: 'stack' },
      { time: at(1), level: 'Error', logger: 'C', message: 'three' },
    ]);
    const [warnings, total] = await logs.findPage(spec('log.id'), ['Warn', 'Error']);
    expect(warnings.map((row) => row.message)).toEqual(['two', 'three']);
    expect(total).toBe(2);
    expect((await logs.findPage(spec('log.id', { pageSize: 1, offset: 1 }), undefined))[0][0].message).toBe('two');

    expect(await logs.trim(at(2.5), 10)).toBe(1);
    expect(await logs.trim(new Date(0), 1)).toBe(1);
    expect((await logs.findPage(spec('log.id'), undefined))[0].map((row) => row.message)).toEqual(['three']);
  });

  it('profile repositories: a delay profile tag clash, and a deleted format leaves every quality profile', async () => {
    const [tagged] = await medium.sql<{ id: number }>(
      `INSERT INTO delay_profile (enable_usenet, enable_torrent, preferred_protocol, usenet_delay, torrent_delay,
         "order", tags) VALUES (true, true, 'usenet', 0, 0, 1, '{1}') RETURNING id`,
    );
    const delays = medium.get(DelayProfileRepository);
    expect(await delays.anotherHasTags([1, 2], undefined)).toBe(true);
    expect(await delays.anotherHasTags([1], tagged.id)).toBe(false);
    expect(await delays.anotherHasTags([2], undefined)).toBe(false);

    const items = [
      { format: 7, score: 10 },
      { format: 8, score: 5 },
    ];
    await medium.sql(`UPDATE quality_profile SET format_items = $1::jsonb`, [JSON.stringify(items)]);
    await medium.get(TransactionRunner).run((tx) => medium.get(QualityProfileRepository).removeFormatScores(tx, 7));
    const rows = await medium.sql<{ format_items: unknown }>(`SELECT format_items FROM quality_profile`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.format_items).toEqual([{ format: 8, score: 5 }]);
  });

  it('SeriesRepository, BlocklistRepository, ImportListExclusionRepository', async () => {
    const author = await createAuthor(medium.dataSource, { name: 'Zed Author' });
    const early = await createBook(medium.dataSource, author);
    const late = await createBook(medium.dataSource, author);
    await createSeries(medium.dataSource, 'Saga', [
      { bookId: late.id, position: '2', seriesPosition: 2 },
      { bookId: early.id, position: '1', seriesPosition: 1 },
    ]);
    const series = medium.get(SeriesRepository);
    expect((await series.findLinksOfAuthor(author.id)).map((row) => row.bookId)).toEqual([early.id, late.id]);
    await series.upsertLink({ foreignSeriesId: 'fs-new', title: 'Another', bookId: early.id, position: '1' });
    await series.upsertLink({ foreignSeriesId: 'fs-new', title: 'Another (renamed)', bookId: early.id, position: '3' });
    expect((await series.findLinksOfAuthor(author.id)).map((row) => [row.title, row.position])).toEqual([
      ['Another (renamed)', '3'],
      ['Saga', '1'],
      ['Saga', '2'],
    ]);

    const blocklist = medium.get(BlocklistRepository);
    const other = await createAuthor(medium.dataSource, { name: 'Abe Author' });
    for (const [authorId, sourceTitle] of [
      [author.id, 'Zed release'],
      [other.id, 'Abe release'],
    ] as const)
      await blocklist.insert({
        authorId,
        bookIds: [],
        sourceTitle,
        quality: QUALITY,
        customFormatIds: [],
        publishedDate: null,
        size: null,
        protocol: 'torrent',
        indexer: null,
        indexerFlags: 0,
        message: null,
        torrentInfoHash: null,
        downloadId: null,
      });
    const [byAuthor, count] = await blocklist.findPage(spec('m.sort_name'));
    expect(byAuthor.map((row) => row.sourceTitle)).toEqual(['Abe release', 'Zed release']);
    expect(count).toBe(2);
    expect(await blocklist.delete(byAuthor[0].id)).toBe(true);
    expect(await blocklist.delete(byAuthor[0].id)).toBe(false);
    expect(await blocklist.clear()).toBe(1);

    const exclusions = medium.get(ImportListExclusionRepository);
    await exclusions.insertUnlessPresent('ol1', 'First');
    await exclusions.insertUnlessPresent('ol1', 'Second');
    expect((await exclusions.findAll()).map((row) => [row.foreignId, row.authorName])).toEqual([['ol1', 'First']]);
  });
});
