import { describe, expect, it } from 'vitest';
import type { Book } from '../../api/client';
import { bookState, byDay, icalUrl, isDay, shift, viewDays, viewRange, weekdayOrder, weekStart } from './calendar';

describe('calendar days', () => {
  it('shows a month as whole weeks, Sunday first', () => {
    const days = viewDays('1937-09-21', 'month');
    expect(days[0]).toBe('1937-08-29'); // 1 September 1937 was a Wednesday
    expect(days).toHaveLength(35);
    expect(days[days.length - 1]).toBe('1937-10-02');
    expect(viewDays('2026-02-10', 'month')).toHaveLength(28); // February 2026 starts on a Sunday
  });

  it('shows a week from its Sunday, and the agenda from the anchor', () => {
    expect(weekStart('2026-11-25')).toBe('2026-11-22');
    expect(viewDays('2026-11-25', 'week')).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    const agenda = viewDays('2026-11-25', 'agenda');
    expect([agenda[0], agenda.length]).toEqual(['2026-11-25', 31]);
  });

  it('starts weeks and months on the first day of week setting', () => {
    expect(weekStart('2026-11-25', 1)).toBe('2026-11-23'); // a Wednesday: its Monday
    expect(weekStart('2026-11-22', 1)).toBe('2026-11-16'); // a Sunday ends a Monday week
    expect(weekStart('2026-11-23', 1)).toBe('2026-11-23');
    expect(viewDays('2026-11-25', 'week', 1)[0]).toBe('2026-11-23');
    expect(viewDays('2026-11-25', 'week', 1)[6]).toBe('2026-11-29');
    const month = viewDays('1937-09-21', 'month', 1);
    expect([month[0], month.length, month[month.length - 1]]).toEqual(['1937-08-30', 35, '1937-10-03']);
    expect(viewDays('2026-02-10', 'month', 1)).toHaveLength(35); // 1 February 2026, a Sunday, ends a Monday week
    expect(weekdayOrder(1)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekdayOrder()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('asks the server for the days shown (end exclusive)', () => {
    expect(viewRange(viewDays('2026-11-25', 'week'))).toEqual({
      start: '2026-11-22T00:00:00Z',
      end: '2026-11-29T00:00:00Z',
    });
  });

  it('moves by a month without overflowing short months, by a week, by the agenda length', () => {
    expect(shift('2026-01-31', 'month', 1)).toBe('2026-02-28');
    expect(shift('2026-01-15', 'month', -1)).toBe('2025-12-15');
    expect(shift('2026-11-25', 'week', 1)).toBe('2026-12-02');
    expect(shift('2026-11-25', 'agenda', -1)).toBe('2026-10-25');
  });

  it('accepts only real dates from the URL', () => {
    expect(isDay('1937-09-21')).toBe(true);
    expect(isDay('1937-9-21')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});

describe('calendar books', () => {
  const today = '2026-11-25';

  it('groups books by their release day', () => {
    const books = [
      { id: 1, releaseDate: '1937-09-21T00:00:00Z' },
      { id: 2, releaseDate: '1937-09-21T00:00:00Z' },
      { id: 3 },
    ] as Book[];
    expect([...byDay(books).entries()].map(([day, list]) => [day, list.map((b) => b.id)])).toEqual([
      ['1937-09-21', [1, 2]],
    ]);
  });

  it('colours downloaded, missing, unreleased, released today and unmonitored books', () => {
    const released = { monitored: true, releaseDate: '1937-09-21T00:00:00Z' };
    expect(bookState({ ...released, statistics: { bookFileCount: 1 } }, today)).toBe('downloaded');
    expect(bookState(released, today)).toBe('missing');
    expect(bookState({ ...released, releaseDate: '2027-01-01T00:00:00Z' }, today)).toBe('unreleased');
    expect(bookState({ ...released, releaseDate: '2026-11-25T00:00:00Z' }, today)).toBe('today');
    expect(bookState({ ...released, monitored: false }, today)).toBe('unmonitored');
  });

  it('builds the iCal link with the key', () => {
    expect(icalUrl('http://nas:8787', '/quire', 'k3y', false)).toBe(
      'http://nas:8787/quire/feed/v1/calendar/readarr.ics?apikey=k3y&unmonitored=false',
    );
  });
});
