import { BlocklistChangedEvent } from '../../../../src/acquisition/blocklist/blocklist.events';
import { BlocklistEntry } from '../../../../src/acquisition/blocklist/blocklist.entity';
import { BlocklistRepository } from '../../../../src/acquisition/blocklist/blocklist.repository';
import { BlocklistService } from '../../../../src/acquisition/blocklist/blocklist.service';
import { DownloadFailedEvent, type GrabbedRelease } from '../../../../src/acquisition/queue/download.events';
import { AuthorQueryService } from '../../../../src/library/author/author-query.service';
import { CustomFormatService } from '../../../../src/library/profile/custom-format/custom-format.service';
import { NotFoundError } from '../../../../src/platform/common/errors/domain-errors';
import { DomainEvents } from '../../../../src/platform/common/events/domain-events';
import { createAuthor, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

const EPUB = { quality: { id: 3, name: 'EPUB' }, revision: { version: 1, real: 0, isRepack: false } };

const release = (overrides: Partial<GrabbedRelease> = {}): GrabbedRelease => ({
  guid: 'g',
  title: 'Ann Author - The Book (epub)',
  indexerId: 1,
  indexer: 'Indexer A',
  downloadUrl: 'http://indexer/1',
  size: 5 * 1024 ** 3, // past 2^31: the bigint column must keep it whole
  protocol: 'torrent',
  indexerFlags: 2,
  infoHash: 'ABCDEF',
  publishDate: '2025-01-02T03:04:05.000Z',
  ...overrides,
});

const failed = (authorId: number, sourceTitle: string, extra: Partial<DownloadFailedEvent['init']> = {}) =>
  new DownloadFailedEvent({
    authorId,
    bookIds: [1],
    sourceTitle,
    quality: EPUB,
    customFormatIds: [],
    message: 'failed in client',
    skipRedownload: true,
    ...extra,
  });

/**
 * The blocklist on PostgreSQL: rows from failed-download events, the decision engine's per-author view, the API's
 * pages (sorted by the author's sort name through a join) and deletes. Authors and custom formats come from fakes.
 */
describe('blocklist (medium)', () => {
  let medium: Medium;
  let blocklist: BlocklistService;
  let changes = 0;

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [BlocklistEntry],
      providers: [BlocklistRepository, BlocklistService],
      fakes: [
        [
          AuthorQueryService,
          {
            resources: async (ids: number[]) => ids.map((id) => ({ id, authorName: `author ${id}` })),
          },
        ],
        [
          CustomFormatService,
          {
            findAll: async () => [
              { id: 7, name: 'Retail', includeCustomFormatWhenRenaming: false, specifications: [] },
            ],
          },
        ],
      ],
      init: true, // registers the @OnDomainEvent listener: the tests publish the event as the queue does
      tables: ['blocklist', 'author', 'author_metadata'],
    });
    await ensureProfiles(medium.dataSource);
    blocklist = medium.get(BlocklistService);
    medium.get(DomainEvents).on(BlocklistChangedEvent.NAME, () => changes++);
  });
  afterAll(() => medium.close());
  beforeEach(async () => {
    await medium.resetTables();
    changes = 0;
  });

  const publish = (event: DownloadFailedEvent) => medium.get(DomainEvents).emitAsync(DownloadFailedEvent.NAME, event);

  it('a failed download is blocklisted for its author with the release details, sizes past 2^31 intact', async () => {
    const author = await createAuthor(medium.dataSource);
    const other = await createAuthor(medium.dataSource);
    await publish(failed(author.id, 'With release', { release: release(), downloadId: 'dl-1' }));
    await publish(failed(author.id, 'Without release', { release: null }));
    await publish(failed(other.id, 'Another author', { release: release() }));

    const blocked = await blocklist.forAuthor(author.id);
    expect(blocked).toHaveLength(2);
    expect(blocked).toEqual(
      expect.arrayContaining([
        {
          sourceTitle: 'With release',
          protocol: 'torrent',
          indexer: 'Indexer A',
          torrentInfoHash: 'ABCDEF',
          size: 5 * 1024 ** 3,
        },
        { sourceTitle: 'Without release', protocol: 'unknown', indexer: null, torrentInfoHash: null, size: null },
      ]),
    );
    const [row] = await medium.sql<{ published_date: Date; indexer_flags: number; download_id: string }>(
      `SELECT published_date, indexer_flags, download_id FROM blocklist WHERE source_title = 'With release'`,
    );
    expect(row).toEqual({
      published_date: new Date('2025-01-02T03:04:05.000Z'),
      indexer_flags: 2,
      download_id: 'dl-1',
    });
    expect(changes).toBe(3);
  });

  it("pages sorted by the author's sort name, then by id; deleting an author takes its entries", async () => {
    const zed = await createAuthor(medium.dataSource, { name: 'Zed Zulu' });
    const abe = await createAuthor(medium.dataSource, { name: 'Abe Young' });
    await publish(failed(zed.id, 'zed 1'));
    await publish(failed(abe.id, 'abe 1'));
    await publish(failed(zed.id, 'zed 2'));

    const page = (query: Parameters<BlocklistService['page']>[0]) =>
      blocklist.page(query).then((result) => [result.records.map((record) => record.sourceTitle), result.totalRecords]);
    expect(await page({ sortKey: 'authorMetadata.sortName', sortDirection: 'ascending' })).toEqual([
      ['abe 1', 'zed 1', 'zed 2'],
      3,
    ]);
    expect(await page({ sortKey: 'authorMetadata.sortName', sortDirection: 'descending' })).toEqual([
      ['zed 2', 'zed 1', 'abe 1'],
      3,
    ]);
    expect(await page({ sortKey: 'sourceTitle', sortDirection: 'ascending', page: 2, pageSize: 2 })).toEqual([
      ['zed 2'],
      3,
    ]);
    // The default order is the newest first.
    expect(await page({})).toEqual([['zed 2', 'abe 1', 'zed 1'], 3]);

    await medium.sql(`DELETE FROM author WHERE id = $1`, [zed.id]);
    expect(await page({})).toEqual([['abe 1'], 1]);
  });

  it('a page names only the custom formats that still exist, and the author of each row', async () => {
    const author = await createAuthor(medium.dataSource);
    await publish(failed(author.id, 'formats', { customFormatIds: [7, 8] }));
    const [record] = (await blocklist.page({})).records;
    expect(record.customFormats.map((format) => format.id)).toEqual([7]);
    expect(record.author).toEqual({ id: author.id, authorName: `author ${author.id}` });
    expect(record.quality.quality).toEqual({ id: 3, name: 'EPUB' });
  });

  it('deletes one (404 when gone), many (unknown ids ignored), or all (answering how many)', async () => {
    const author = await createAuthor(medium.dataSource);
    for (const title of ['a', 'b', 'c', 'd']) await publish(failed(author.id, title));
    const ids = (await medium.sql<{ id: number }>(`SELECT id FROM blocklist ORDER BY id`)).map((row) => row.id);

    await blocklist.delete(ids[0]);
    await expect(blocklist.delete(ids[0])).rejects.toBeInstanceOf(NotFoundError);
    await blocklist.deleteMany([ids[1], 424_242]);
    expect((await blocklist.forAuthor(author.id)).map((entry) => entry.sourceTitle).sort()).toEqual(['c', 'd']);
    expect(await blocklist.clear()).toBe(2);
    expect(await blocklist.clear()).toBe(0);
    expect(await blocklist.forAuthor(author.id)).toEqual([]);
  });
});
