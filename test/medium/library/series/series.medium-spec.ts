import { BookMonitoringRepository } from '../../../../src/library/book/book-monitoring.repository';
import { BookEditedEvent } from '../../../../src/library/book/book.events';
import { SeriesRepository } from '../../../../src/library/series/series.repository';
import { SeriesService } from '../../../../src/library/series/series.service';
import { NotFoundError } from '../../../../src/platform/common/errors/domain-errors';
import { DomainEvents } from '../../../../src/platform/common/events/domain-events';
import { TransactionRunner } from '../../../../src/platform/database/transaction';
import { createAuthor, createBook, createSeries, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

/**
 * Series on PostgreSQL: a metadata source's series and links written idempotently (what it left out kept),
 * counts derived from the links, an author's series grouped in order, and monitoring a series monitoring its books.
 */
describe('series (medium)', () => {
  let medium: Medium;
  let series: SeriesRepository;
  let edited: number[][];

  beforeAll(async () => {
    medium = await newMediumService({
      providers: [SeriesRepository, SeriesService, BookMonitoringRepository],
      tables: ['author_metadata', 'author', 'book', 'edition', 'series', 'series_book_link'],
    });
    await ensureProfiles(medium.dataSource);
    series = medium.get(SeriesRepository);
    medium.get(DomainEvents).on(BookEditedEvent.NAME, (event) => edited.push(event.bookIds));
  });
  afterAll(() => medium.close());
  beforeEach(async () => {
    await medium.resetTables();
    edited = [];
  });

  const run = <T>(work: Parameters<TransactionRunner['run']>[0]) =>
    medium.get(TransactionRunner).run(work) as Promise<T>;

  it('a source’s series are inserted once and updated only where they differ; what it left out is kept', async () => {
    const first = await medium.get(TransactionRunner).run((tx) =>
      series.upsertSeries(tx, [
        { foreignSeriesId: 's1', title: 'Earthsea', description: 'Islands', workCount: 6 },
        { foreignSeriesId: 's2', title: 'Discworld' },
      ]),
    );
    expect(first.changed).toBe(2);
    const again = await medium.get(TransactionRunner).run((tx) =>
      series.upsertSeries(tx, [
        { foreignSeriesId: 's1', title: 'Earthsea' }, // description and counts not stated: kept
        { foreignSeriesId: 's2', title: 'Discworld (renamed)', numbered: true },
      ]),
    );
    expect(again.changed).toBe(1);
    expect([...again.ids.keys()].sort()).toEqual(['s1', 's2']);
    expect(
      await medium.sql(`SELECT foreign_series_id, title, description, work_count, numbered FROM series ORDER BY 1`),
    ).toEqual([
      { foreign_series_id: 's1', title: 'Earthsea', description: 'Islands', work_count: 6, numbered: false },
      { foreign_series_id: 's2', title: 'Discworld (renamed)', description: null, work_count: 0, numbered: true },
    ]);
  });

  it('links are inserted once; counts come from the links, written only when they changed', async () => {
    const author = await createAuthor(medium.dataSource);
    const [one, two] = [await createBook(medium.dataSource, author), await createBook(medium.dataSource, author)];
    const saga = await createSeries(medium.dataSource, 'Saga', []);
    const link = (bookId: number, position: string | null, isPrimary: boolean) => ({
      seriesId: saga.id,
      bookId,
      position,
      seriesPosition: position === null ? null : Number(position),
      isPrimary,
    });
    await run((tx) => series.insertLinks(tx, [link(one.id, '1', true), link(two.id, null, false)]));
    await run((tx) => series.insertLinks(tx, [link(one.id, '9', false)]));
    expect(await run((tx) => series.recountSeries(tx, [saga.id]))).toBe(1);
    expect(await run((tx) => series.recountSeries(tx, [saga.id]))).toBe(0);
    expect(await medium.sql(`SELECT work_count, primary_work_count, numbered FROM series`)).toEqual([
      { work_count: 2, primary_work_count: 1, numbered: true },
    ]);
    const stored = await run<{ bookId: number; position: string | null }[]>((tx) =>
      series.findLinksOfBooks(tx, [one.id, two.id]),
    );
    expect(stored.map((row) => [row.bookId, row.position]).sort()).toEqual([
      [one.id, '1'],
      [two.id, null],
    ]);
  });

  it("an author's series by title, their links by position (fractions kept); an empty series has no links", async () => {
    const author = await createAuthor(medium.dataSource);
    const books = [];
    for (let index = 0; index < 3; index++) books.push(await createBook(medium.dataSource, author));
    await createSeries(medium.dataSource, 'Zeta', [{ bookId: books[0].id, position: '1', seriesPosition: 1 }]);
    await createSeries(medium.dataSource, 'Alpha', [
      { bookId: books[2].id, position: '2', seriesPosition: 2 },
      { bookId: books[1].id, position: '1.5', seriesPosition: 1.5 },
    ]);
    const empty = await createSeries(medium.dataSource, 'Empty', []);

    const resources = await medium.get(SeriesService).byAuthor(author.id);
    expect(resources.map((resource) => [resource.title, resource.links.map((link) => link.bookId)])).toEqual([
      ['Alpha', [books[1].id, books[2].id]],
      ['Zeta', [books[0].id]],
    ]);
    expect(resources[0].links[0].position).toBe('1.5');
    expect(await medium.get(SeriesService).get(empty.id)).toMatchObject({ title: 'Empty', links: [] });
    await expect(medium.get(SeriesService).get(999_999)).rejects.toBeInstanceOf(NotFoundError);
    expect(await medium.get(SeriesService).byAuthor(undefined)).toEqual([]);
  });

  it('monitoring a series monitors its unmonitored books (announced); unmonitoring leaves the books as they are', async () => {
    const author = await createAuthor(medium.dataSource);
    const watched = await createBook(medium.dataSource, author);
    const ignored = await createBook(medium.dataSource, author, { monitored: false });
    const outside = await createBook(medium.dataSource, author, { monitored: false });
    const saga = await createSeries(medium.dataSource, 'Saga', [{ bookId: watched.id }, { bookId: ignored.id }]);
    const service = medium.get(SeriesService);

    expect((await service.setMonitored(saga.id, true)).monitored).toBe(true);
    expect(edited).toEqual([[ignored.id]]);
    await service.setMonitored(saga.id, false);
    const monitored = await medium.sql<{ id: number; monitored: boolean }>(
      `SELECT id, monitored FROM book ORDER BY id`,
    );
    expect(monitored).toEqual([
      { id: watched.id, monitored: true },
      { id: ignored.id, monitored: true },
      { id: outside.id, monitored: false },
    ]);
    expect(await series.setMonitored(saga.id, false)).toBe(false);
    expect(edited).toHaveLength(1);
  });
});
