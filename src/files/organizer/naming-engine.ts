import { basename, extname } from 'node:path';
import { qualityById } from '../../library/profile/quality/quality';
import type { NamingConfig } from '../../platform/settings/naming/naming-config';
import { seriesPositionNumber } from '../../library/series/series-position';

/** What the naming tokens read. Dates may be absent; names are display names. */
export interface NamingContext {
  author: { name: string; sortNameLastFirst?: string | null; disambiguation?: string | null };
  book: {
    title: string;
    releaseDate?: Date | null;
    seriesTitle?: string | null;
    seriesPosition?: string | null;
  };
  edition?: { title?: string | null; releaseDate?: Date | null; disambiguation?: string | null };
  file?: {
    qualityId: number;
    revision?: { version?: number; real?: number; isRepack?: boolean };
    releaseGroup?: string | null;
    sceneName?: string | null;
    originalFilePath?: string | null;
    part?: number;
    partCount?: number;
    mediaInfo?: {
      audioCodec?: string;
      audioChannels?: number;
      audioBitRate?: string;
      audioBits?: string;
      audioSampleRate?: string;
    } | null;
    customFormats?: string[];
  };
}

export type NamingRules = Pick<NamingConfig, 'replaceIllegalCharacters' | 'colonReplacementFormat'>;

/** `{` prefix token(:format) suffix `}` — Readarr's token grammar. */
const TOKEN =
  /\{(?<prefix>[- ._[(]*)(?<token>[a-z0-9]+(?:(?<separator>[- ._]+)[a-z0-9]+)?)(?::(?<format>[^}]*?))?(?<suffix>[- ._)\]]*)\}/gi;

const ARTICLE = /^(The|A|An)\s+(.+)$/i;

const year = (date: Date | null | undefined) => (date ? String(new Date(date).getUTCFullYear()) : undefined);

/** "The X" → "X, The". */
export function titleThe(value: string): string {
  const match = ARTICLE.exec(value.trim());
  return match ? `${match[2]}, ${match[1]}` : value;
}

/** Readarr's CleanTitle for naming: `&` → and, slashes → space, punctuation removed. */
export function cleanTitle(value: string): string {
  return value
    .replace(/&/g, 'and')
    .replace(/[/\\]/g, ' ')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function noSub(title: string): string {
  const index = title.indexOf(':');
  return index >= 0 ? title.slice(0, index).trim() : title;
}

function subtitle(title: string): string {
  const index = title.indexOf(':');
  return index >= 0 ? title.slice(index + 1).trim() : '';
}

function numeric(value: number | undefined, format: string | undefined): string {
  if (value === undefined) return '';
  return format && /^0+$/.test(format) ? String(value).padStart(format.length, '0') : String(value);
}

/**
 * `{Series Position}`: the primary series position as a number (`Book 3 of 7` → 3, `2.5` stays), the text as
 * written when it holds none; `{Series Position:00}` pads the whole part (`02`, `02.5`).
 */
function seriesPosition(ctx: NamingContext, format: string | undefined): string {
  const written = ctx.book.seriesTitle ? ctx.book.seriesPosition?.trim() : undefined;
  if (!written) return '';
  const number = seriesPositionNumber(written);
  if (number === undefined) return written;
  const [whole, fraction] = String(number).split('.');
  const padded = format && /^0+$/.test(format) ? whole.padStart(format.length, '0') : whole;
  return fraction ? `${padded}.${fraction}` : padded;
}

type TokenHandler = (ctx: NamingContext, format: string | undefined) => string | undefined;

const qualityName = (ctx: NamingContext) => (ctx.file ? (qualityById(ctx.file.qualityId)?.name ?? 'Unknown') : '');
const proper = (ctx: NamingContext) => {
  const revision = ctx.file?.revision;
  if (!revision) return '';
  if (revision.isRepack) return 'Repack';
  return (revision.version ?? 1) > 1 ? 'Proper' : '';
};
const bookTitle = (ctx: NamingContext) => ctx.edition?.title || ctx.book.title;
const multiPart = (ctx: NamingContext) => (ctx.file?.partCount ?? 1) > 1;

/** Token name (lower case, words joined by one space) → value. */
const TOKENS: Record<string, TokenHandler> = {
  'author name': (c) => c.author.name,
  'author cleanname': (c) => cleanTitle(c.author.name),
  'author namethe': (c) => titleThe(c.author.name),
  'author sortname': (c) => c.author.sortNameLastFirst ?? c.author.name,
  'author namefirstcharacter': (c) => titleThe(c.author.name).charAt(0).toUpperCase(),
  'author disambiguation': (c) => c.author.disambiguation ?? '',
  'book title': (c) => bookTitle(c),
  'book cleantitle': (c) => cleanTitle(bookTitle(c)),
  'book titlethe': (c) => titleThe(bookTitle(c)),
  'book titlenosub': (c) => noSub(bookTitle(c)),
  'book cleantitlenosub': (c) => cleanTitle(noSub(bookTitle(c))),
  'book titlethenosub': (c) => titleThe(noSub(bookTitle(c))),
  'book subtitle': (c) => subtitle(bookTitle(c)),
  'book cleansubtitle': (c) => cleanTitle(subtitle(bookTitle(c))),
  'book subtitlethe': (c) => titleThe(subtitle(bookTitle(c))),
  'book series': (c) => c.book.seriesTitle ?? '',
  'book seriesposition': (c) => (c.book.seriesTitle ? (c.book.seriesPosition ?? '') : ''),
  'book seriestitle': (c) =>
    c.book.seriesTitle
      ? c.book.seriesPosition
        ? `${c.book.seriesTitle} #${c.book.seriesPosition}`
        : c.book.seriesTitle
      : '',
  'series title': (c) => c.book.seriesTitle ?? '',
  'series position': (c, format) => seriesPosition(c, format),
  'book disambiguation': (c) => c.edition?.disambiguation ?? '',
  'release year': (c) => year(c.edition?.releaseDate) ?? year(c.book.releaseDate) ?? 'Unknown',
  'edition year': (c) => year(c.edition?.releaseDate) ?? 'Unknown',
  'release yearfirst': (c) => year(c.book.releaseDate) ?? 'Unknown',
  'original title': (c) => c.file?.sceneName ?? '',
  'original filename': (c) =>
    c.file?.originalFilePath ? basename(c.file.originalFilePath, extname(c.file.originalFilePath)) : '',
  'release group': (c, format) => c.file?.releaseGroup || format || 'Readarr',
  partnumber: (c, format) => (multiPart(c) ? numeric(c.file?.part, format) : ''),
  partcount: (c, format) => (multiPart(c) ? numeric(c.file?.partCount, format) : ''),
  'quality full': (c) => [qualityName(c), proper(c)].filter(Boolean).join(' '),
  'quality title': (c) => qualityName(c),
  'quality proper': (c) => proper(c),
  'mediainfo audiocodec': (c) => c.file?.mediaInfo?.audioCodec ?? '',
  'mediainfo audiochannels': (c) => (c.file?.mediaInfo?.audioChannels ? c.file.mediaInfo.audioChannels.toFixed(1) : ''),
  'mediainfo audiobitrate': (c) => c.file?.mediaInfo?.audioBitRate ?? '',
  'mediainfo audiobitspersample': (c) => c.file?.mediaInfo?.audioBits ?? '',
  'mediainfo audiosamplerate': (c) => c.file?.mediaInfo?.audioSampleRate ?? '',
  'custom formats': (c) => (c.file?.customFormats ?? []).join(' '),
};

/** Colon handling: 0 delete, 1 dash, 2 space dash, 3 space dash space, 4 smart. */
export function replaceColons(value: string, format: number): string {
  switch (format) {
    case 0:
      return value.replace(/:/g, '');
    case 1:
      return value.replace(/:/g, '-');
    case 2:
      return value.replace(/:/g, ' -');
    case 3:
      return value.replace(/:/g, ' - ');
    default:
      return value.replace(/:\s+/g, ' - ').replace(/:/g, '-');
  }
}

const BAD = ['\\', '/', '<', '>', '?', '*', '|', '"'];
const GOOD = ['+', '+', '', '', '!', '-', '', ''];

/** Readarr's CleanFileName: illegal characters replaced (or removed), colons per the format. */
export function cleanFileName(value: string, rules: NamingRules): string {
  let result = replaceColons(value, rules.colonReplacementFormat);
  BAD.forEach((bad, index) => {
    result = result.split(bad).join(rules.replaceIllegalCharacters ? GOOD[index] : '');
  });
  // eslint-disable-next-line no-control-regex -- control characters never belong in a file name
  return result.replace(/[\u0000-\u001f]/g, '').trim();
}

function applyCase(token: string, value: string): string {
  if (token === token.toLowerCase() && token !== token.toUpperCase()) return value.toLowerCase();
  if (token === token.toUpperCase() && token !== token.toLowerCase()) return value.toUpperCase();
  return value;
}

/** Renders one path component of a format (no path separators in it). */
export function renderComponent(pattern: string, ctx: NamingContext, rules: NamingRules): string {
  const rendered = pattern.replace(TOKEN, (...args: unknown[]) => {
    const groups = args[args.length - 1] as Record<string, string | undefined>;
    const token = groups.token ?? '';
    const separator = groups.separator;
    const key = token.toLowerCase().replace(/[- ._]+/g, ' ');
    const handler = TOKENS[key] ?? TOKENS[key.replace(/ /g, '')];
    const raw = handler ? (handler(ctx, groups.format) ?? '') : '';
    let value = cleanFileName(applyCase(token, raw), rules);
    if (!value) return '';
    if (separator && separator.trim() !== '' && separator !== ' ') value = value.replace(/ /g, separator);
    return `${groups.prefix ?? ''}${value}${groups.suffix ?? ''}`;
  });
  return rendered
    .replace(/([- ._])\1+/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[- ._]+|[- _]+$/g, '')
    .replace(/\.+$/, '')
    .trim();
}

/** Renders a format that may name sub folders (`/` or `\`): each component separately, empty ones dropped. */
export function renderPath(format: string, ctx: NamingContext, rules: NamingRules): string[] {
  return format
    .split(/[\\/]/)
    .map((part) => renderComponent(part, ctx, rules))
    .filter(Boolean);
}

/** `standardBookFormat` → relative path components (last = file name without extension). */
export function bookFileName(config: NamingConfig, ctx: NamingContext): string[] {
  return renderPath(config.standardBookFormat, ctx, config);
}

export function authorFolderName(config: NamingConfig, ctx: NamingContext): string {
  return renderComponent(config.authorFolderFormat, ctx, config);
}

/** EPUB (Readarr's quality 3): an ebook file has no audio stream and no scene tag of an audio format. */
const EBOOK_SAMPLE_FILE = {
  qualityId: 3,
  sceneName: 'The.Author.Name-The.Book.Title-EPUB-RlsGrp',
  originalFilePath: '/downloads/The Author Name - The Book Title.epub',
  mediaInfo: undefined,
};

/** Sample data of the examples endpoint (`GET /config/naming/examples`): an MP3 audiobook as Readarr's, or an EPUB. */
export function sampleContext(partCount: number, kind: 'audiobook' | 'ebook' = 'audiobook'): NamingContext {
  const sample = audiobookSample(partCount);
  return kind === 'ebook' ? { ...sample, file: { ...sample.file!, ...EBOOK_SAMPLE_FILE } } : sample;
}

function audiobookSample(partCount: number): NamingContext {
  return {
    author: { name: 'The Author Name', sortNameLastFirst: 'Author Name, The', disambiguation: 'US Author' },
    book: {
      title: 'The Book Title',
      releaseDate: new Date(Date.UTC(2019, 0, 1)),
      seriesTitle: 'Series Title',
      seriesPosition: '1',
    },
    edition: { title: 'The Edition Title', releaseDate: new Date(Date.UTC(2020, 5, 1)), disambiguation: 'Special' },
    file: {
      qualityId: 10,
      revision: { version: 1, real: 0, isRepack: false },
      releaseGroup: 'RlsGrp',
      sceneName: 'The.Author.Name-The.Book.Title-MP3-RlsGrp',
      originalFilePath: '/downloads/The Author Name - The Book Title.mp3',
      part: 1,
      partCount,
      mediaInfo: { audioCodec: 'MP3', audioChannels: 2, audioBitRate: '320 kbps', audioSampleRate: '44.1 kHz' },
      customFormats: ['Surround', 'x265'],
    },
  };
}
