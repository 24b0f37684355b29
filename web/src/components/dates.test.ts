import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UI_SETTINGS,
  DateFormats,
  formatDateTime,
  formatPattern,
  formatTime,
  fromNow,
  relativeDate,
  relativeDay,
  uiSettingsOf,
} from './dates';

// Local instants (the browser's zone), as the UI shows history and task times.
const tuesday = new Date(2014, 2, 25, 17, 30, 9); // Tuesday 25 March 2014, 5:30:09 pm
const fivePm = new Date(2014, 2, 25, 17, 0, 0);
const morning = new Date(2014, 2, 25, 9, 5, 0);
const releaseDay = '1937-09-21T00:00:00Z'; // a calendar day, sent as midnight UTC

describe('date formats (Readarr’s Settings → UI options)', () => {
  it('writes each short date format as Readarr’s option labels show it', () => {
    const formats: [string, string][] = [
      ['MMM D YYYY', 'Mar 25 2014'],
      ['DD MMM YYYY', '25 Mar 2014'],
      ['MM/D/YYYY', '03/25/2014'],
      ['MM/DD/YYYY', '03/25/2014'],
      ['DD/MM/YYYY', '25/03/2014'],
      ['YYYY-MM-DD', '2014-03-25'],
    ];
    for (const [pattern, shown] of formats) expect(formatPattern(tuesday, pattern)).toBe(shown);
    expect(formatPattern(new Date(2014, 2, 5), 'MM/D/YYYY')).toBe('03/5/2014');
  });

  it('writes the long date formats and the week column headers', () => {
    expect(formatPattern(tuesday, 'dddd, MMMM D YYYY')).toBe('Tuesday, March 25 2014');
    expect(formatPattern(tuesday, 'dddd, D MMMM YYYY')).toBe('Tuesday, 25 March 2014');
    expect(formatPattern(new Date(2014, 2, 4), 'ddd M/D')).toBe('Tue 3/4');
    expect(formatPattern(new Date(2014, 2, 4), 'ddd MM/DD')).toBe('Tue 03/04');
    expect(formatPattern(new Date(2014, 2, 4), 'ddd D/M')).toBe('Tue 4/3');
    expect(formatPattern(new Date(2014, 2, 4), 'ddd DD/MM')).toBe('Tue 04/03');
  });

  it('keeps [bracketed] text and unknown characters literal; nothing for no value or a bad one', () => {
    expect(formatPattern(tuesday, '[Day] D [of] MMMM, YY')).toBe('Day 25 of March, 14');
    expect(formatPattern(undefined, 'YYYY')).toBe('');
    expect(formatPattern('not a date', 'YYYY')).toBe('');
  });

  it('shows a calendar day sent as midnight UTC as that day, whatever the zone', () => {
    expect(formatPattern(releaseDay, 'dddd, MMMM D YYYY', { utc: true })).toBe('Tuesday, September 21 1937');
  });

  it('drops :00 minutes in h(:mm)a unless asked to keep them; HH:mm is 24-hour', () => {
    expect(formatTime(fivePm, 'h(:mm)a')).toBe('5pm');
    expect(formatTime(tuesday, 'h(:mm)a')).toBe('5:30pm');
    expect(formatTime(fivePm, 'h(:mm)a', { includeMinuteZero: true })).toBe('5:00pm');
    expect(formatTime(morning, 'h(:mm)a')).toBe('9:05am');
    expect(formatTime(new Date(2014, 2, 25, 0, 0), 'h(:mm)a')).toBe('12am');
    expect(formatTime(fivePm, 'HH:mm')).toBe('17:00');
    expect(formatTime(morning, 'HH:mm')).toBe('09:05');
    expect(formatTime(tuesday, 'HH:mm', { includeSeconds: true })).toBe('17:30:09');
    expect(formatTime(tuesday, 'h(:mm)a', { includeSeconds: true })).toBe('5:30:09pm');
  });

  it('names yesterday, today and tomorrow, the weekday up to a week ahead, else the short date', () => {
    const settings = DEFAULT_UI_SETTINGS;
    const now = tuesday;
    const at = (days: number) => new Date(2014, 2, 25 + days, 12, 0);
    expect(relativeDay(at(-1), now)).toBe('Yesterday');
    expect(relativeDay(at(2), now)).toBe('');
    expect(relativeDate(at(-1), settings, { now })).toBe('Yesterday');
    expect(relativeDate(at(0), settings, { now })).toBe('Today');
    expect(relativeDate(at(1), settings, { now })).toBe('Tomorrow');
    expect(relativeDate(at(3), settings, { now })).toBe('Friday');
    expect(relativeDate(at(6), settings, { now })).toBe('Monday');
    expect(relativeDate(at(7), settings, { now })).toBe('Apr 1 2014');
    expect(relativeDate(at(-2), settings, { now })).toBe('Mar 23 2014');
    expect(relativeDate(at(0), settings, { now, timeForToday: true })).toBe('12:00pm');
  });

  it('with relative dates off shows the short date (today’s instants still as their time)', () => {
    const settings = { ...DEFAULT_UI_SETTINGS, showRelativeDates: false, shortDateFormat: 'YYYY-MM-DD' };
    const now = tuesday;
    expect(relativeDate(new Date(2014, 2, 26, 8), settings, { now })).toBe('2014-03-26');
    expect(relativeDate(new Date(2014, 2, 25, 8), settings, { now })).toBe('2014-03-25');
    expect(relativeDate(new Date(2014, 2, 25, 8), { ...settings, timeFormat: 'HH:mm' }, { now, timeForToday: true })).toBe(
      '08:00',
    );
  });

  it('compares a UTC calendar day with the user’s own today', () => {
    const now = new Date(1937, 8, 21, 23, 30); // late on 21 September, local time
    expect(relativeDate(releaseDay, DEFAULT_UI_SETTINGS, { now, utc: true })).toBe('Today');
    expect(relativeDate(releaseDay, DEFAULT_UI_SETTINGS, { now: new Date(1937, 8, 20, 1), utc: true })).toBe(
      'Tomorrow',
    );
  });

  it('writes a date with its time, the relative day first when asked', () => {
    expect(formatDateTime(fivePm, 'dddd, MMMM D YYYY', 'h(:mm)a')).toBe('Tuesday, March 25 2014 5:00pm');
    expect(formatDateTime(fivePm, 'MMM D YYYY', 'HH:mm', { includeRelativeDay: true, now: tuesday })).toBe(
      'Today, Mar 25 2014 17:00',
    );
    expect(formatDateTime(tuesday, 'YYYY-MM-DD', 'HH:mm', { includeSeconds: true })).toBe('2014-03-25 17:30:09');
  });

  it('says how far away an instant is, as Readarr’s task list does', () => {
    const now = tuesday;
    const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    expect(fromNow(later(-10), now)).toBe('a few seconds ago');
    expect(fromNow(later(20), now)).toBe('in a few seconds');
    expect(fromNow(later(-5 * 60), now)).toBe('5 minutes ago');
    expect(fromNow(later(90), now)).toBe('in 2 minutes');
    expect(fromNow(later(3 * 3600), now)).toBe('in 3 hours');
    expect(fromNow(later(-3 * 86_400), now)).toBe('3 days ago');
    expect(fromNow(later(60 * 86_400), now)).toBe('in 2 months');
    expect(fromNow(later(-800 * 86_400), now)).toBe('2 years ago');
  });

  it('binds the current settings for the pages', () => {
    const now = () => tuesday;
    const plain = new DateFormats(
      uiSettingsOf({ shortDateFormat: 'DD/MM/YYYY', timeFormat: 'HH:mm', showRelativeDates: false }),
      now,
    );
    expect(plain.day(releaseDay)).toBe('21/09/1937');
    expect(plain.when(new Date(2014, 2, 20, 8))).toBe('20/03/2014');
    expect(plain.when(fivePm)).toBe('17:00');
    expect(plain.full(fivePm)).toBe('Today, Tuesday, March 25 2014 17:00');
    expect(plain.fromNow(new Date(2014, 2, 25, 18, 0))).toBe('25/03/2014 18:00');
    const relative = new DateFormats(DEFAULT_UI_SETTINGS, now);
    expect(relative.fromNow(new Date(2014, 2, 25, 18, 0))).toBe('in 30 minutes');
    expect(relative.full(fivePm)).toBe('Tuesday, March 25 2014 5:00pm');
    expect(relative.weekColumn('2014-03-25T00:00:00Z')).toBe('Tue 3/25');
    expect(relative.longDay(releaseDay)).toBe('Tuesday, September 21 1937');
  });

  it('takes Readarr’s default for a missing or empty field', () => {
    expect(uiSettingsOf({ shortDateFormat: '', timeFormat: 'HH:mm' })).toMatchObject({
      shortDateFormat: 'MMM D YYYY',
      timeFormat: 'HH:mm',
      showRelativeDates: true,
    });
    expect(uiSettingsOf(undefined)).toEqual(DEFAULT_UI_SETTINGS);
  });
});
