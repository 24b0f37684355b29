import type { ParsedBookInfo } from './parsed-book-info';
import { parseQuality } from './quality-parser';

const EXTENSION = /\.(epub|mobi|azw3?|pdf|m4b|mp3|flac|m4a|zip|rar|7z|nzb|torrent|cbz|cbr)$/i;
const HASH = /\s*\[([0-9A-F]{8})\]$/i;
/** `…-GROUP` glued to the title (scene style) or a trailing `[GROUP]`. */
const GROUP_SUFFIX = /(?<=[^\s-])-([A-Za-z0-9]{2,20})$/;
const GROUP_BRACKET = /[\s._-]\[([A-Za-z0-9]{2,20})\]$/;
const NOT_GROUPS = /^(epub|mobi|azw3?|pdf|m4b|mp3|flac|retail|ebook|audiobook|unabridged|\d+)$/i;
const YEAR = /\b((?:1[5-9]|20)\d{2})\b/;
const YEAR_RANGE = /\b((?:1[5-9]|20)\d{2})\s?-\s?((?:1[5-9]|20)\d{2})\b/;
const DISCOGRAPHY =
  /\b(discography|bibliography|complete works|collected works|complete collection|collection|anthology|omnibus|box ?set)\b/i;
/** Tokens that describe the release, not the book; dropped from author and title. */
const NOISE =
  /\b(epub|mobi|azw3?|kf8|pdf|m4b|mp3|flac|aac|m4a|retail|ebooks?|e-books?|audio\s?books?|unabridged|abridged|repack|proper|real|v\d|\d{2,3}\s?kbps|vbr|cbr|scan|ocr|web|true|kindle|mp3\s?\d+|\d+\s?khz)\b/gi;
const BRACKETS = /\s*[[({][^\])}]*[\])}]/g;

function tidy(text: string): string {
  return text
    .replace(NOISE, ' ')
    .replace(/\s*[,;:+&]\s*$/, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s\-–—:,]+|[\s\-–—:,]+$/g, '')
    .trim();
}

/**
 * Parses a release title such as `Ursula K. Le Guin - A Wizard of Earthsea (1968) [EPUB]`,
 * `Brandon.Sanderson-Mistborn.The.Final.Empire.2006.RETAIL.EPUB-GROUP` or `A Wizard of Earthsea by Ursula K. Le Guin`.
 * Returns null when no author could be told apart from the book title.
 */
export function parseReleaseTitle(title: string): ParsedBookInfo | null {
  const releaseTitle = title.trim();
  if (!releaseTitle) return null;
  let rest = releaseTitle.replace(EXTENSION, '');
  const { qualityId, revision } = parseQuality(releaseTitle);

  let releaseHash: string | undefined;
  const hash = HASH.exec(rest);
  if (hash) {
    releaseHash = hash[1];
    rest = rest.slice(0, hash.index);
  }
  let releaseGroup: string | undefined;
  const group = GROUP_SUFFIX.exec(rest) ?? GROUP_BRACKET.exec(rest);
  if (group && !NOT_GROUPS.test(group[1])) {
    releaseGroup = group[1];
    rest = rest.slice(0, group.index);
  }
  // Scene style (no spaces): dots and underscores separate words.
  if (!/\s/.test(rest)) rest = rest.replace(/[._]/g, ' ');
  else rest = rest.replace(/_/g, ' ');

  const range = YEAR_RANGE.exec(rest);
  const discography = DISCOGRAPHY.test(rest) || !!range;
  const year = range
    ? undefined
    : (YEAR.exec(rest.replace(BRACKETS, (m) => ` ${m.replace(/[[\](){}]/g, '')} `)) ?? undefined);
  const withoutBrackets = rest.replace(BRACKETS, ' ');

  let authorPart: string | undefined;
  let bookPart: string | undefined;
  const dashed = /\s+[-–—]\s+/.exec(withoutBrackets);
  if (dashed) {
    authorPart = withoutBrackets.slice(0, dashed.index);
    bookPart = withoutBrackets.slice(dashed.index + dashed[0].length);
  } else {
    const by = /^(.+?)\s+by\s+(.+)$/i.exec(withoutBrackets);
    if (by) {
      bookPart = by[1];
      authorPart = by[2];
    } else {
      const glued = /^([^-]+?)-(.+)$/.exec(withoutBrackets);
      if (glued) {
        authorPart = glued[1];
        bookPart = glued[2];
      }
    }
  }
  const authorName = authorPart ? tidy(authorPart.replace(YEAR_RANGE, ' ').replace(YEAR, ' ')) : '';
  if (!authorName) return null;
  let bookTitle = bookPart ? tidy(bookPart.replace(YEAR_RANGE, ' ').replace(YEAR, ' ')) : '';
  if (discography && bookTitle && DISCOGRAPHY.test(bookTitle) && tidy(bookTitle.replace(DISCOGRAPHY, ' ')) === '')
    bookTitle = '';

  return {
    bookTitle: bookTitle || undefined,
    authorName,
    authorTitleInfo: { title: authorName, titleWithoutYear: authorName, year: 0 },
    qualityId,
    revision,
    releaseDate: year?.[1],
    discography,
    discographyStart: range ? Number(range[1]) : 0,
    discographyEnd: range ? Number(range[2]) : 0,
    releaseGroup,
    releaseHash,
    releaseVersion: revision.version > 1 ? String(revision.version) : undefined,
    releaseTitle,
  };
}
