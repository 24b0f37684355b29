import type { Book } from '../../api/client';

export type CalendarView = 'month' | 'week' | 'agenda';

/** Days are `yyyy-mm-dd` strings in UTC, like the releaseDate the server sends: no time zone shifts a book a day. */
export type Day = string;

const DAY_MS = 86_400_000;

const toDay = (ms: number): Day => new Date(ms).toISOString().slice(0, 10);
const toMs = (day: Day): number => Date.parse(`${day}T00:00:00Z`);

export const addDays = (day: Day, days: number): Day => toDay(toMs(day) + days * DAY_MS);

export function isDay(value: string | null | undefined): value is Day {
  return Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(toMs(value)));
}

/** The first day of the week holding `day`; weeks start on `firstDayOfWeek` (0 Sunday, Readarr's default; 1 Monday …). */
export function weekStart(day: Day, firstDayOfWeek = 0): Day {
  return addDays(day, -((new Date(toMs(day)).getUTCDay() - firstDayOfWeek + 7) % 7));
}

/** The weekday numbers (0 Sunday) in the order a week's columns show them. */
export function weekdayOrder(firstDayOfWeek = 0): number[] {
  return Array.from({ length: 7 }, (_, index) => (firstDayOfWeek + index) % 7);
}

/**
 * The days a view shows: a month as whole weeks, a week (both from `firstDayOfWeek`), or 31 days from the anchor for
 * the agenda.
 */
export function viewDays(anchor: Day, view: CalendarView, firstDayOfWeek = 0): Day[] {
  let first: Day;
  let count: number;
  if (view === 'month') {
    first = weekStart(`${anchor.slice(0, 7)}-01`, firstDayOfWeek);
    const nextMonth = shift(`${anchor.slice(0, 7)}-01`, 'month', 1);
    count = Math.ceil((toMs(nextMonth) - toMs(first)) / DAY_MS / 7) * 7;
  } else if (view === 'week') {
    first = weekStart(anchor, firstDayOfWeek);
    count = 7;
  } else {
    first = anchor;
    count = 31;
  }
  return Array.from({ length: count }, (_, index) => addDays(first, index));
}

/** `GET /calendar` bounds for the days shown: start at the first, end after the last. */
export function viewRange(days: Day[]): { start: string; end: string } {
  return { start: `${days[0]}T00:00:00Z`, end: `${addDays(days[days.length - 1], 1)}T00:00:00Z` };
}

/** Previous / next page of a view: a month, a week, or the agenda's 31 days. */
export function shift(anchor: Day, view: CalendarView, delta: number): Day {
  if (view === 'week') return addDays(anchor, 7 * delta);
  if (view === 'agenda') return addDays(anchor, 31 * delta);
  const date = new Date(toMs(anchor));
  const month = date.getUTCMonth() + delta;
  const target = new Date(Date.UTC(date.getUTCFullYear(), month, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return toDay(target.getTime());
}

/** Books by their release day. */
export function byDay(books: Book[]): Map<Day, Book[]> {
  const days = new Map<Day, Book[]>();
  for (const book of books) {
    if (!book.releaseDate) continue;
    const day = book.releaseDate.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), book]);
  }
  return days;
}

export type BookState = 'downloaded' | 'missing' | 'unreleased' | 'today' | 'unmonitored';

/** Readarr's calendar colours: downloaded, missing, not released yet, released today ("on air"), unmonitored. */
export function bookState(
  book: Pick<Book, 'monitored' | 'releaseDate'> & { statistics?: { bookFileCount?: number } | null },
  today: Day,
): BookState {
  if ((book.statistics?.bookFileCount ?? 0) > 0) return 'downloaded';
  if (!book.monitored) return 'unmonitored';
  const day = book.releaseDate?.slice(0, 10) ?? '';
  if (day === today) return 'today';
  return day > today ? 'unreleased' : 'missing';
}

export const STATE_COLORS: Record<BookState, string> = {
  downloaded: 'teal',
  missing: 'red',
  unreleased: 'blue',
  today: 'yellow',
  unmonitored: 'gray',
};

/** The iCal feed with the key built in, as calendar apps subscribe to it. */
export function icalUrl(origin: string, urlBase: string, apiKey: string, unmonitored: boolean): string {
  const query = new URLSearchParams({ apikey: apiKey, unmonitored: String(unmonitored) });
  return `${origin}${urlBase}/feed/v1/calendar/readarr.ics?${query.toString()}`;
}
