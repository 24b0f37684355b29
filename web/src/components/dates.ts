/**
 * Dates as Settings → UI (`config/ui`) asks for them. The stored formats are Readarr's moment-style patterns
 * (`MMM D YYYY`, `dddd, MMMM D YYYY`, `h(:mm)a`, `HH:mm`, `ddd M/D` …); this is a small token formatter for the
 * tokens those patterns use, so the UI needs no date library. Everything is English: Quire's UI is English only.
 */

/** The `config/ui` fields the UI applies (Readarr's UiConfigResource). */
export interface UiSettings {
  firstDayOfWeek: number;
  calendarWeekColumnHeader: string;
  shortDateFormat: string;
  longDateFormat: string;
  timeFormat: string;
  showRelativeDates: boolean;
  enableColorImpairedMode: boolean;
  theme: string;
}

/** Readarr's defaults, used until the settings have loaded (and for a field a client stored empty). */
export const DEFAULT_UI_SETTINGS: UiSettings = {
  firstDayOfWeek: 0,
  calendarWeekColumnHeader: 'ddd M/D',
  shortDateFormat: 'MMM D YYYY',
  longDateFormat: 'dddd, MMMM D YYYY',
  timeFormat: 'h(:mm)a',
  showRelativeDates: true,
  enableColorImpairedMode: false,
  theme: 'auto',
};

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export type DateValue = string | number | Date | null | undefined;

/**
 * `utc`: the value is a calendar day the server sends as midnight UTC (a release date): shown as that day in every
 * time zone. Otherwise the value is an instant, shown in the browser's time zone.
 */
export interface ZoneOption {
  utc?: boolean;
}

interface Parts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function toDate(value: DateValue): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function partsOf(date: Date, utc: boolean): Parts {
  return utc
    ? {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth(),
        day: date.getUTCDate(),
        weekday: date.getUTCDay(),
        hours: date.getUTCHours(),
        minutes: date.getUTCMinutes(),
        seconds: date.getUTCSeconds(),
      }
    : {
        year: date.getFullYear(),
        month: date.getMonth(),
        day: date.getDate(),
        weekday: date.getDay(),
        hours: date.getHours(),
        minutes: date.getMinutes(),
        seconds: date.getSeconds(),
      };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Longest tokens first; `[text]` is literal text, as in moment. Any other character stands for itself. */
const TOKENS = /\[([^\]]*)]|YYYY|YY|MMMM|MMM|MM|M|DD|D|dddd|ddd|HH|H|hh|h|mm|m|ss|s|A|a/g;

function token(parts: Parts, name: string): string {
  const hours12 = parts.hours % 12 === 0 ? 12 : parts.hours % 12;
  switch (name) {
    case 'YYYY':
      return pad(parts.year, 4);
    case 'YY':
      return pad(parts.year % 100);
    case 'MMMM':
      return MONTH_NAMES[parts.month];
    case 'MMM':
      return MONTH_NAMES[parts.month].slice(0, 3);
    case 'MM':
      return pad(parts.month + 1);
    case 'M':
      return String(parts.month + 1);
    case 'DD':
      return pad(parts.day);
    case 'D':
      return String(parts.day);
    case 'dddd':
      return WEEKDAY_NAMES[parts.weekday];
    case 'ddd':
      return WEEKDAY_NAMES[parts.weekday].slice(0, 3);
    case 'HH':
      return pad(parts.hours);
    case 'H':
      return String(parts.hours);
    case 'hh':
      return pad(hours12);
    case 'h':
      return String(hours12);
    case 'mm':
      return pad(parts.minutes);
    case 'm':
      return String(parts.minutes);
    case 'ss':
      return pad(parts.seconds);
    case 's':
      return String(parts.seconds);
    case 'A':
      return parts.hours < 12 ? 'AM' : 'PM';
    default: // 'a'
      return parts.hours < 12 ? 'am' : 'pm';
  }
}

/** One value through a moment-style pattern; '' for no value or an unreadable one. */
export function formatPattern(value: DateValue, pattern: string, { utc = false }: ZoneOption = {}): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = partsOf(date, utc);
  return pattern.replace(TOKENS, (match: string, literal: string | undefined) =>
    literal !== undefined ? literal : token(parts, match),
  );
}

/**
 * A time through Readarr's time formats: `(:mm)` shows the minutes only when they are not :00 (`5pm`, `5:30pm`)
 * unless `includeMinuteZero`; `includeSeconds` adds them after the minutes.
 */
export function formatTime(
  value: DateValue,
  timeFormat: string,
  { includeMinuteZero = false, includeSeconds = false, utc = false }: ZoneOption & {
    includeMinuteZero?: boolean;
    includeSeconds?: boolean;
  } = {},
): string {
  const date = toDate(value);
  if (!date) return '';
  let pattern = timeFormat;
  if (includeSeconds) pattern = pattern.replace(/\(?:mm\)?/, ':mm:ss');
  else if (includeMinuteZero || partsOf(date, utc).minutes !== 0) pattern = pattern.replace('(:mm)', ':mm');
  else pattern = pattern.replace('(:mm)', '');
  return formatPattern(date, pattern, { utc });
}

const DAY_MS = 86_400_000;

/** Whole calendar days from `now`'s day to the value's day (negative: before), in the value's zone. */
function dayOffset(date: Date, now: Date, utc: boolean): number {
  const a = partsOf(date, utc);
  // `now` is an instant: its calendar day is the local one (the user's today), also for UTC calendar days.
  const b = partsOf(now, false);
  return Math.round((Date.UTC(a.year, a.month, a.day) - Date.UTC(b.year, b.month, b.day)) / DAY_MS);
}

/** 'Yesterday', 'Today', 'Tomorrow', or '' for any other day. */
export function relativeDay(value: DateValue, now: Date = new Date(), { utc = false }: ZoneOption = {}): string {
  const date = toDate(value);
  if (!date) return '';
  return { [-1]: 'Yesterday', 0: 'Today', 1: 'Tomorrow' }[dayOffset(date, now, utc)] ?? '';
}

/**
 * A date as lists show it: with relative dates on, 'Yesterday' / 'Today' / 'Tomorrow', the weekday's name for the
 * six days after tomorrow, else the short date; `timeForToday` shows today's instants as their time instead.
 */
export function relativeDate(
  value: DateValue,
  settings: Pick<UiSettings, 'shortDateFormat' | 'showRelativeDates' | 'timeFormat'>,
  {
    now = new Date(),
    timeForToday = false,
    includeSeconds = false,
    utc = false,
  }: ZoneOption & { now?: Date; timeForToday?: boolean; includeSeconds?: boolean } = {},
): string {
  const date = toDate(value);
  if (!date) return '';
  const offset = dayOffset(date, now, utc);
  if (offset === 0 && timeForToday)
    return formatTime(date, settings.timeFormat, { includeMinuteZero: true, includeSeconds, utc });
  if (!settings.showRelativeDates) return formatPattern(date, settings.shortDateFormat, { utc });
  const named = relativeDay(date, now, { utc });
  if (named) return named;
  if (offset > 1 && offset <= 6) return formatPattern(date, 'dddd', { utc });
  return formatPattern(date, settings.shortDateFormat, { utc });
}

/** A date and its time (e.g. in a tooltip): `Tuesday, March 25 2014 5:30pm`, 'Today, …' first when asked. */
export function formatDateTime(
  value: DateValue,
  dateFormat: string,
  timeFormat: string,
  {
    includeSeconds = false,
    includeRelativeDay = false,
    now = new Date(),
  }: { includeSeconds?: boolean; includeRelativeDay?: boolean; now?: Date } = {},
): string {
  const date = toDate(value);
  if (!date) return '';
  const day = includeRelativeDay ? relativeDay(date, now) : '';
  const text = `${formatPattern(date, dateFormat)} ${formatTime(date, timeFormat, { includeMinuteZero: true, includeSeconds })}`;
  return day ? `${day}, ${text}` : text;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number, number][] = [
  // unit, its length in seconds, and up to how many of the next smaller unit are still said in that smaller unit
  ['minute', 60, 45],
  ['hour', 3600, 45],
  ['day', 86_400, 22],
  ['month', 30 * 86_400, 26],
  ['year', 365 * 86_400, 11],
];
const relativeTime = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** How far an instant is from now, in words: 'a few seconds ago', '5 minutes ago', 'in 3 days', 'in 2 months'. */
export function fromNow(value: DateValue, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const seconds = (date.getTime() - now.getTime()) / 1000;
  const size = Math.abs(seconds);
  if (size < 45) return seconds < 0 ? 'a few seconds ago' : 'in a few seconds';
  let unit: Intl.RelativeTimeFormatUnit = 'second';
  let length = 1;
  for (const [next, nextLength, threshold] of UNITS) {
    if (size < threshold * length) break;
    unit = next;
    length = nextLength;
  }
  return relativeTime.format(Math.sign(seconds) * Math.max(1, Math.round(size / length)), unit);
}

/** The formatters the pages use, bound to the current settings (see `useFormats`). */
export class DateFormats {
  constructor(
    readonly settings: UiSettings = DEFAULT_UI_SETTINGS,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A moment in a list (history, events, backups …): relative or short date, today's as its time. */
  when(value: DateValue): string {
    return relativeDate(value, this.settings, { now: this.now(), timeForToday: true });
  }

  /** A calendar day the server sends as midnight UTC (release dates): relative or short date. */
  day(value: DateValue): string {
    return relativeDate(value, this.settings, { now: this.now(), utc: true });
  }

  /** A calendar day in the long date format (the book page, tooltips of days). */
  longDay(value: DateValue): string {
    return formatPattern(value, this.settings.longDateFormat, { utc: true });
  }

  shortDate(value: DateValue, zone: ZoneOption = {}): string {
    return formatPattern(value, this.settings.shortDateFormat, zone);
  }

  time(value: DateValue, options: { includeSeconds?: boolean } = {}): string {
    return formatTime(value, this.settings.timeFormat, { includeMinuteZero: true, ...options });
  }

  /** The full moment, for a tooltip: long date and time, 'Today, …' first when lists show plain dates. */
  full(value: DateValue, options: { includeSeconds?: boolean } = {}): string {
    return formatDateTime(value, this.settings.longDateFormat, this.settings.timeFormat, {
      ...options,
      includeRelativeDay: !this.settings.showRelativeDates,
      now: this.now(),
    });
  }

  /** Short date and time (an instant where a bare day says too little, e.g. a log file's last write). */
  shortDateTime(value: DateValue): string {
    return formatDateTime(value, this.settings.shortDateFormat, this.settings.timeFormat, { now: this.now() });
  }

  /** Scheduled work (tasks): 'in 5 minutes' / '2 hours ago' with relative dates on, else short date and time. */
  fromNow(value: DateValue): string {
    return this.settings.showRelativeDates ? fromNow(value, this.now()) : this.shortDateTime(value);
  }

  /** A calendar week column's header (`ddd M/D` …) for a UTC calendar day. */
  weekColumn(value: DateValue): string {
    return formatPattern(value, this.settings.calendarWeekColumnHeader, { utc: true });
  }
}

/** The settings as the server sent them, any missing or empty field at Readarr's default. */
export function uiSettingsOf(resource: Partial<UiSettings> | undefined): UiSettings {
  const settings = { ...DEFAULT_UI_SETTINGS };
  for (const key of Object.keys(settings) as (keyof UiSettings)[]) {
    const value = resource?.[key];
    if (value !== undefined && value !== null && value !== '') (settings as Record<string, unknown>)[key] = value;
  }
  return settings;
}
