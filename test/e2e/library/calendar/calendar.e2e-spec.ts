import * as ical from 'node-ical';
import { DataSource } from 'typeorm';
import { createAuthor, createBook } from '../../../factories';
import { createTestApp, TEST_API_KEY, TestApp } from '../../../utils/create-test-app';

const DAY = 24 * 3600 * 1000;

/** Noon UTC n days from today: far from any day boundary. */
function inDays(n: number): Date {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12) + n * DAY);
}

function ymd(date: Date): string {
  return date.toISOString().slice(0, 10);
}

describe('calendar and iCal feed', () => {
  let t: TestApp;
  let db: DataSource;
  const ids: Record<string, number> = {};
  let tagId: number;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '60000' });
    db = t.app.get(DataSource);
    tagId = (await t.api.post('/api/v1/tag').send({ label: 'ical' }).expect(200)).body.id;
    const tagged = await createAuthor(db, { name: 'Tagged Author', tags: [tagId] });
    const plain = await createAuthor(db, { name: 'Plain Author' });
    const sleeping = await createAuthor(db, { name: 'Sleeping Author', monitored: false });
    const book = async (key: string, author: typeof plain, days: number, monitored = true) => {
      ids[key] = (
        await createBook(db, author, {
          title: `Book ${key}`,
          releaseDate: inDays(days),
          monitored,
          genres: ['sf', 'epic'],
        })
      ).id;
    };
    await book('tomorrow', tagged, 1);
    await book('tomorrowUnmonitored', plain, 1, false);
    await book('tomorrowSleeping', sleeping, 1);
    await book('nextWeek', plain, 7);
    await book('lastWeek', plain, -5);
    await book('longAgo', plain, -30);
    await book('farFuture', plain, 60);
  });
  afterAll(() => t.close());

  describe('GET /api/v1/calendar', () => {
    it('defaults to today .. today+2 days, monitored book and author only, without author', async () => {
      const response = await t.api.get('/api/v1/calendar').expect(200);
      expect(response.body.map((b: { id: number }) => b.id)).toEqual([ids.tomorrow]);
      expect(response.body[0]).not.toHaveProperty('author');
      expect(response.body[0]).toMatchObject({ title: 'Book tomorrow', statistics: expect.any(Object) });
    });

    it('honours start, end, unmonitored and includeAuthor, sorted by release date', async () => {
      const start = inDays(-10).toISOString();
      const end = inDays(10).toISOString();
      const monitored = await t.api.get(`/api/v1/calendar?start=${start}&end=${end}`).expect(200);
      expect(monitored.body.map((b: { id: number }) => b.id)).toEqual([ids.lastWeek, ids.tomorrow, ids.nextWeek]);
      const all = await t.api
        .get(`/api/v1/calendar?start=${ymd(inDays(0))}&end=${ymd(inDays(2))}&unmonitored=true&includeAuthor=true`)
        .expect(200);
      expect(all.body.map((b: { id: number }) => b.id).sort()).toEqual(
        [ids.tomorrow, ids.tomorrowUnmonitored, ids.tomorrowSleeping].sort(),
      );
      for (const book of all.body)
        expect(book.author).toMatchObject({ id: book.authorId, statistics: expect.any(Object) });
      // Readarr's conventions hold in the embedded authors too: dates without fractions, no null properties.
      expect(all.text).not.toMatch(/\.\d{3}Z"/);
      expect(all.text).not.toContain(':null');
      await t.api.get('/api/v1/calendar?start=yesterday').expect(400);
      await t.api.get('/api/v1/calendar?unmonitored=perhaps').expect(400);
    });

    it('each book is the same wire object GET /book answers for it (JSON content type)', async () => {
      const start = inDays(-10).toISOString();
      const end = inDays(10).toISOString();
      const calendar = await t.api.get(`/api/v1/calendar?start=${start}&end=${end}`).expect(200);
      expect(calendar.headers['content-type']).toMatch(/^application\/json/);
      const bookIds = calendar.body.map((b: { id: number }) => b.id);
      const books = await t.api.get(`/api/v1/book?${bookIds.map((id: number) => `bookIds=${id}`).join('&')}`);
      const byId = new Map(books.body.map((book: { id: number }) => [book.id, book]));
      expect(calendar.body).toEqual(bookIds.map((id: number) => byId.get(id)));
    });

    it('GET /calendar/{id}', async () => {
      const response = await t.api.get(`/api/v1/calendar/${ids.nextWeek}`).expect(200);
      expect(response.body).toMatchObject({ id: ids.nextWeek, title: 'Book nextWeek' });
      await t.api.get('/api/v1/calendar/999999').expect(404);
    });
  });

  describe('GET /feed/v1/calendar/quire.ics', () => {
    const feed = (query: string) => t.anonymous().get(`/feed/v1/calendar/quire.ics?apikey=${TEST_API_KEY}${query}`);

    function events(text: string) {
      const parsed = ical.sync.parseICS(text);
      return Object.values(parsed).filter((component): component is ical.VEvent => component?.type === 'VEVENT');
    }

    it('parses as iCalendar with one all-day event per monitored book released in the window', async () => {
      const response = await feed('').expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/calendar/);
      expect(response.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(response.text).toContain('VERSION:2.0');
      const parsed = events(response.text);
      // default window: 7 days back, 28 ahead → lastWeek, tomorrow, nextWeek (monitored book and author)
      expect(parsed.map((event) => event.uid).sort()).toEqual(
        [`Quire_book_${ids.lastWeek}`, `Quire_book_${ids.tomorrow}`, `Quire_book_${ids.nextWeek}`].sort(),
      );
      const tomorrow = parsed.find((event) => event.uid === `Quire_book_${ids.tomorrow}`)!;
      expect(tomorrow.summary).toBe('Tagged Author - Book tomorrow');
      expect(tomorrow.datetype).toBe('date');
      expect(tomorrow.start.dateOnly).toBe(true);
      expect(response.text).toContain(`DTSTART;VALUE=DATE:${ymd(inDays(1)).replace(/-/g, '')}`);
      expect(tomorrow.categories).toEqual(['sf', 'epic']);
    });

    it('honours pastDays, futureDays, unmonitored, tagList (ids or labels) and tags; readarr.ics is an alias', async () => {
      const wide = events((await feed('&pastDays=40&futureDays=90').expect(200)).text);
      expect(wide).toHaveLength(5);
      const unmonitored = events((await feed('&unmonitored=true').expect(200)).text);
      expect(unmonitored).toHaveLength(5);
      const byTagId = events((await feed(`&tagList=${tagId}`).expect(200)).text);
      expect(byTagId.map((event) => event.uid)).toEqual([`Quire_book_${ids.tomorrow}`]);
      const byLabel = events((await feed('&tagList=ICAL').expect(200)).text);
      expect(byLabel).toHaveLength(1);
      const byTags = events((await feed(`&tags=${tagId}`).expect(200)).text);
      expect(byTags).toHaveLength(1);
      const unknownTag = events((await feed('&tagList=nothing').expect(200)).text);
      expect(unknownTag).toHaveLength(0);
      const alias = await t.anonymous().get(`/feed/v1/calendar/readarr.ics?apikey=${TEST_API_KEY}`).expect(200);
      expect(events(alias.text)).toHaveLength(3);
      await feed('&pastDays=-1').expect(400);
    });

    it('is behind the API key', async () => {
      await t.anonymous().get('/feed/v1/calendar/quire.ics').expect(401);
      await t.api.get('/feed/v1/calendar/quire.ics').expect(200);
    });
  });
});
