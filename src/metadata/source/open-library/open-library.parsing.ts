import type { OlText } from './open-library.types';

const MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  sept: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};

const MIN_YEAR = 1000;

function utc(year: number, month = 0, day = 1): Date | undefined {
  const maxYear = new Date().getUTCFullYear() + 10;
  if (year < MIN_YEAR || year > maxYear || month < 0 || month > 11 || day < 1 || day > 31) return undefined;
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCMonth() === month ? date : undefined;
}

/**
 * Open Library's `publish_date` / `first_publish_date` is free text typed by librarians:
 * "1937", "September 21, 1937", "21 September 1937", "Sep 1999", "1999-05", "2001-01-12", "c1954",
 * "[1954?]", "1954-1955", "n.d.". Returns a UTC date (missing month/day → January / the 1st) or undefined
 * when no plausible year can be found. Never guesses from two-digit years.
 */
export function parsePublishDate(text: string | undefined | null): Date | undefined {
  if (!text) return undefined;
  const value = text
    .trim()
    .toLowerCase()
    .replace(/[[\]?©]/g, '')
    .replace(/\bc(?=\d{4})/, '')
    .trim();
  if (!value) return undefined;

  let match = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?(?:t.*)?$/.exec(value);
  if (match) return utc(+match[1], +match[2] - 1, match[3] ? +match[3] : 1);

  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (match) return utc(+match[3], +match[1] - 1, +match[2]);

  const year = /(?:^|\D)(\d{4})(?!\d)/.exec(value);
  if (!year) return undefined;
  const yearNumber = +year[1];
  const month = /\b(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?/.exec(value);
  if (!month) return utc(yearNumber);
  const monthNumber = MONTHS[month[1]];
  const rest = value.replace(year[1], ' ').replace(month[0], ' ');
  const day = /(?:^|\D)(\d{1,2})(?:st|nd|rd|th)?(?!\d)/.exec(rest);
  return utc(yearNumber, monthNumber, day ? +day[1] : 1) ?? utc(yearNumber, monthNumber);
}

/** `bio` / `description` come as a plain string or `{type: "/type/text", value}`. */
export function textValue(text: OlText | undefined): string | undefined {
  if (!text) return undefined;
  const value = typeof text === 'string' ? text : text.value;
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** `/authors/OL26320A` → `OL26320A`; `/works/OL1W` → `OL1W`; bare ids pass through. */
export function olId(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

export function isbn10To13(isbn10: string): string | undefined {
  const digits = isbn10.replace(/[^0-9Xx]/g, '');
  if (digits.length !== 10) return undefined;
  const core = `978${digits.slice(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(core[i]) * (i % 2 === 0 ? 1 : 3);
  return `${core}${(10 - (sum % 10)) % 10}`;
}

export function normaliseIsbn(isbn: string): string {
  return isbn.replace(/[^0-9Xx]/g, '').toUpperCase();
}

const NOISE_SUBJECT =
  /^(accessible book|protected daisy|in library|large type books|lending library|overdrive|open library staff picks|long now manual for civilization|fiction, general|general)$/i;

/** Genres from subjects: no machine tags (`nyt:…`, `series:…`), no library-process noise, at most 10, de-duplicated. */
export function genresFromSubjects(subjects: string[] | undefined, max = 10): string[] {
  const seen = new Set<string>();
  const genres: string[] = [];
  for (const subject of subjects ?? []) {
    const trimmed = subject.trim();
    if (!trimmed || trimmed.includes(':') || trimmed.includes('=') || NOISE_SUBJECT.test(trimmed)) continue;
    const key = trimmed.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    genres.push(trimmed);
    if (genres.length >= max) break;
  }
  return genres;
}

export interface PopularityInputs {
  ratingsAverage?: number;
  ratingsCount?: number;
  editionCount?: number;
  wantToRead?: number;
  alreadyRead?: number;
  currentlyReading?: number;
}

/**
 * Quire's popularity for Open Library data, compared with the metadata profile's `minPopularity`.
 * Readarr used Goodreads' `average rating × rating count` (its "Standard" profile asks for 350).
 * Open Library has far fewer ratings, so reading-log shelves and edition count stand in for reach:
 *
 *   popularity = ratings_average × ratings_count
 *              + want_to_read + currently_reading + already_read
 *              + 25 × edition_count
 *
 * A classic with 50 editions scores ≥ 1,250 from editions alone; a self-published one-edition book with no
 * readers scores 25. So Readarr's default threshold (350) keeps works with ~14 editions or a few hundred
 * readers, close to what it kept with Goodreads data.
 */
export function popularity(inputs: PopularityInputs): number {
  const rated = (inputs.ratingsAverage ?? 0) * (inputs.ratingsCount ?? 0);
  const shelves = (inputs.wantToRead ?? 0) + (inputs.currentlyReading ?? 0) + (inputs.alreadyRead ?? 0);
  return Math.round((rated + shelves + 25 * (inputs.editionCount ?? 0)) * 100) / 100;
}

export interface SeriesStatement {
  title: string;
  position?: string;
}

const POSITION = String.raw`(\d+(?:\.\d+)?(?:\s*(?:-|–)\s*\d+(?:\.\d+)?)?)`;
const NUMBERED_SERIES = [
  // "The Expanse #3", "Discworld, book 3", "Dune vol. 2", "Discworld no. 1"
  new RegExp(
    String.raw`^(.*?)[\s,;:]*(?:#|\bno\.?|\bnumber|\bvol(?:ume)?\.?|\bbook|\bbk\.?|\bv\.|\bpart|\btome)\s*${POSITION}(?:\s+of\s+\d+)?$`,
    'i',
  ),
  // "Discworld ; 1", "Discworld series -- 1", "Discworld, 1", "Discworld: 1"
  new RegExp(String.raw`^(.*?)\s*(?:;|--|—|,|:)\s*${POSITION}$`),
  // "Discworld (1)", "Discworld (#1)"
  new RegExp(String.raw`^(.*?)\s*\(\s*(?:#|no\.?|book|vol\.?)?\s*${POSITION}\s*\)$`, 'i'),
];

/**
 * An Open Library `series` statement, typed by librarians: "Discworld ; 1", "The Expanse #3", "(Discworld ; 1)",
 * "Discworld series -- 2.5", "Harry Potter (Book 4)", "Penguin classics" (no number). Returns the series title
 * and the position as written, or undefined when nothing usable is left.
 */
export function parseSeriesStatement(text: string | undefined | null): SeriesStatement | undefined {
  let value = (text ?? '').trim().replace(/\s+/g, ' ');
  if (/^\(.*\)$/.test(value)) value = value.slice(1, -1).trim();
  value = value.replace(/[\s.;,]+$/, '');
  let position: string | undefined;
  for (const pattern of NUMBERED_SERIES) {
    const match = pattern.exec(value);
    if (match && match[1].trim()) {
      value = match[1];
      position = match[2].replace(/\s+/g, '');
      break;
    }
  }
  const title = value
    .replace(/[\s,;:(–—-]+$/, '')
    .replace(/\s+series$/i, '')
    .trim();
  if (!title || /^\d+$/.test(title)) return undefined;
  return { title, position };
}

/**
 * Open Library has no series records: a stable synthetic id from the normalised title, so "Discworld",
 * "discworld" and "Discworld series" are one series across works and refreshes (`OLS:discworld`).
 */
export function openLibrarySeriesId(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/^(the|a|an)\s+/, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `OLS:${slug.slice(0, 90) || 'untitled'}`;
}
