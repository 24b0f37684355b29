import { BookQueryService } from '../../../../src/library/book/book-query.service';
import { BookRepository } from '../../../../src/library/book/book.repository';
import { CalendarRepository } from '../../../../src/library/calendar/calendar.repository';
import { CalendarService } from '../../../../src/library/calendar/calendar.service';
import { createAuthor, createBook, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

const DAY_MS = 86_400_000;

/** A date `days` from the start of today (local time, as the feed counts days). */
function day(days: number): Date {
  const now = new Date();
  return new Date(new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime() + days * DAY_MS + 3_600_000);
}

/** The SUMMARY lines of an iCal text, unfolded and unescaped enough to compare. */
function summaries(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line.startsWith('SUMMARY:'))
    .map((line) => line.slice('SUMMARY:'.length).replace(/\\([,;\\])/g, '$1'));
}

/**
 * The iCal feed on PostgreSQL: books released in the window of past and future days, monitored ones unless asked
 * otherwise, filtered by the author's tags (ids or labels in any case), titled by the monitored edition.
 */
describe('calendar feed (medium)', () => {
  let medium: Medium;
  let calendar: CalendarService;

  beforeAll(async () => {
    medium = await newMediumService({
      providers: [CalendarRepository, CalendarService],
      fakes: [
        [BookQueryService, {}],
        [BookRepository, {}],
      ],
      tables: ['author_metadata', 'author', 'book', 'edition', 'tag'],
    });
    await ensureProfiles(medium.dataSource);
    calendar = medium.get(CalendarService);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  it('lists the books released from pastDays ago through futureDays ahead, in date order', async () => {
    const author = await createAuthor(medium.dataSource, { name: 'Ann Author' });
    await createBook(medium.dataSource, author, { title: 'Too old', releaseDate: day(-8) });
    await createBook(medium.dataSource, author, { title: 'Last week', releaseDate: day(-7) });
    await createBook(medium.dataSource, author, { title: 'Today', releaseDate: day(0) });
    await createBook(medium.dataSource, author, { title: 'In four weeks', releaseDate: day(28) });
    await createBook(medium.dataSource, author, { title: 'Too far', releaseDate: day(29) });
    await createBook(medium.dataSource, author, { title: 'Undated', releaseDate: null });

    expect(summaries(await calendar.feed({}))).toEqual([
      'Ann Author - Last week',
      'Ann Author - Today',
      'Ann Author - In four weeks',
    ]);
    expect(summaries(await calendar.feed({ pastDays: 0, futureDays: 0 }))).toEqual(['Ann Author - Today']);
  });

  it('monitored books of monitored authors only, unless unmonitored ones are asked for', async () => {
    const author = await createAuthor(medium.dataSource, { name: 'Ann Author' });
    const resting = await createAuthor(medium.dataSource, { name: 'Resting Author', monitored: false });
    await createBook(medium.dataSource, author, { title: 'Wanted', releaseDate: day(1) });
    await createBook(medium.dataSource, author, { title: 'Ignored', releaseDate: day(2), monitored: false });
    await createBook(medium.dataSource, resting, { title: 'Resting', releaseDate: day(3) });

    expect(summaries(await calendar.feed({}))).toEqual(['Ann Author - Wanted']);
    expect(summaries(await calendar.feed({ unmonitored: true }))).toEqual([
      'Ann Author - Wanted',
      'Ann Author - Ignored',
      'Resting Author - Resting',
    ]);
  });

  it('filters by the author’s tags given as ids or labels (any case); an unknown label matches nothing', async () => {
    const [fantasy] = await medium.sql<{ id: number }>(`INSERT INTO tag (label) VALUES ('Fantasy') RETURNING id`);
    const [crime] = await medium.sql<{ id: number }>(`INSERT INTO tag (label) VALUES ('crime') RETURNING id`);
    const tolkien = await createAuthor(medium.dataSource, { name: 'Tolkien', tags: [fantasy.id] });
    const christie = await createAuthor(medium.dataSource, { name: 'Christie', tags: [crime.id] });
    const untagged = await createAuthor(medium.dataSource, { name: 'Untagged' });
    for (const author of [tolkien, christie, untagged])
      await createBook(medium.dataSource, author, { title: 'Book', releaseDate: day(1) });

    expect(summaries(await calendar.feed({ tags: 'fantasy' }))).toEqual(['Tolkien - Book']);
    expect(summaries(await calendar.feed({ tagList: `${crime.id}`, tags: 'FANTASY' })).sort()).toEqual([
      'Christie - Book',
      'Tolkien - Book',
    ]);
    expect(summaries(await calendar.feed({ tags: 'no such tag' }))).toEqual([]);
    expect(summaries(await calendar.feed({}))).toHaveLength(3);
  });

  it('names a book by its monitored edition; text with commas and Unicode survives', async () => {
    const author = await createAuthor(medium.dataSource, { name: 'Émile Zola' });
    await createBook(medium.dataSource, author, {
      title: 'Book title',
      releaseDate: day(1),
      genres: ['Naturalism', 'Classics'],
      edition: { title: 'Thérèse Raquin, Édition; intégrale', overview: 'Un roman.' },
    });
    const ics = await calendar.feed({});
    expect(summaries(ics)).toEqual(['Émile Zola - Thérèse Raquin, Édition; intégrale']);
    expect(ics).toContain('CATEGORIES:Naturalism,Classics');
    expect(ics).toMatch(/DESCRIPTION:Un roman\./);
  });
});
