import { languageCode } from '../../../platform/language/language-codes';
import type { RemoteBook, RemoteEdition, RemoteSeriesLink } from '../metadata-source';

/** The metadata profile fields the filter reads (MetadataProfile entity / MetadataProfileResource). */
export interface ProfileRules {
  minPopularity: number;
  skipMissingDate: boolean;
  skipMissingIsbn: boolean;
  skipPartsAndSets: boolean;
  skipSeriesSecondary: boolean;
  allowedLanguages: string | null;
  minPages: number;
  ignored: string[];
}

export interface AllowedLanguages {
  codes: string[];
  /** `null` in the list: editions without a language are allowed. */
  allowMissing: boolean;
}

/** A language as written by a source or a user (`en`, `fra`, `French`) → its canonical code (`eng`, `fre`). */
export function canonicalLanguage(value: string): string {
  return languageCode(value) ?? value.trim().toLowerCase();
}

/**
 * `"eng, null"` → {codes: ['eng'], allowMissing: true}; `"en, French"` → {codes: ['eng', 'fre'], …};
 * empty → undefined (every language). Codes are canonical ISO 639-2/B, so `en`, `eng` and `English` match alike.
 */
export function parseAllowedLanguages(value: string | null | undefined): AllowedLanguages | undefined {
  const parts = (value ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  if (parts.length === 0) return undefined;
  const codes = [...new Set(parts.filter((part) => part !== 'null').map(canonicalLanguage))];
  return { codes, allowMissing: parts.includes('null') };
}

/** Whether an edition language (any ISO 639 form or name) is in the allowed list. */
function languageAllowed(language: string, allowed: AllowedLanguages): boolean {
  return allowed.codes.includes(canonicalLanguage(language));
}

/**
 * Titles of omnibus editions, box sets and multi-part bundles ("Books 1-3", "Boxed Set", "Collection",
 * "Omnibus", "Trilogy Set", "Vol. 1-2"): Readarr's skipPartsAndSets.
 */
const PART_OR_SET =
  /\b(box(ed)?[\s-]*set|gift[\s-]*set|omnibus|collection|(complete|trilogy|series)\s+set|books?\s*\d+\s*[-–&]\s*\d+|vol(ume)?s?\.?\s*\d+\s*[-–&]\s*\d+|part\s*\d+\s*(of|\/)\s*\d+)\b/i;

export function isPartOrSet(title: string): boolean {
  return PART_OR_SET.test(title);
}

/** An ignored term matches case-insensitively as a substring; `/pattern/` is a regular expression. */
export function matchesIgnored(title: string, ignored: string[]): string | undefined {
  for (const raw of ignored) {
    const term = raw.trim();
    if (!term) continue;
    const regex = /^\/(.+)\/([a-z]*)$/.exec(term);
    if (regex) {
      try {
        if (new RegExp(regex[1], regex[2].includes('i') ? regex[2] : `${regex[2]}i`).test(title)) return term;
      } catch {
        // An invalid pattern is treated as plain text.
        if (title.toLowerCase().includes(term.toLowerCase())) return term;
      }
    } else if (title.toLowerCase().includes(term.toLowerCase())) return term;
  }
  return undefined;
}

/** Why a work is not added (before its editions are fetched), or undefined when it passes. */
export function workRejection(book: RemoteBook, rules: ProfileRules): string | undefined {
  if (book.ratings.popularity < rules.minPopularity)
    return `popularity ${book.ratings.popularity} is below ${rules.minPopularity}`;
  if (rules.skipMissingDate && !book.releaseDate) return 'no release date';
  if (rules.skipPartsAndSets && isPartOrSet(book.title)) return 'part or set';
  const ignored = matchesIgnored(book.title, rules.ignored);
  if (ignored) return `title contains ignored term '${ignored}'`;
  const languages = parseAllowedLanguages(rules.allowedLanguages);
  // Search results list the languages of a work's editions; when none is allowed the editions need not be fetched.
  if (languages && book.languages.length > 0 && !book.languages.some((code) => languageAllowed(code, languages)))
    return `no edition in ${languages.codes.join(', ')}`;
  return undefined;
}

/**
 * Readarr's skipSeriesSecondary test: the work sits in series, but in none of them as a primary entry. A source that
 * marks primary works (BookInfo, after Goodreads) is taken at its word; for one that does not (Open Library), an
 * entry is secondary when its position is fractional (`2.5`, a novella between two volumes); an unnumbered or
 * whole-numbered entry counts as primary there, since Open Library leaves most positions out.
 */
export function isSeriesSecondary(links: RemoteSeriesLink[] | undefined): boolean {
  if (!links?.length) return false;
  return !links.some((link) => link.primaryWork ?? !isFractionalPosition(link.position));
}

function isFractionalPosition(position: string | undefined): boolean {
  const value = Number((position ?? '').trim());
  return position !== undefined && position.trim() !== '' && Number.isFinite(value) && !Number.isInteger(value);
}

/**
 * Whether an edition is kept: allowed language (`null` = editions without language), at least `minPages`
 * pages when the page count is known (Open Library often has none, and an unknown count is not "too short"),
 * an ISBN or ASIN when `skipMissingIsbn`, and no ignored term in its title.
 */
export function editionAllowed(edition: RemoteEdition, rules: ProfileRules): boolean {
  const languages = parseAllowedLanguages(rules.allowedLanguages);
  if (languages) {
    if (!edition.language ? !languages.allowMissing : !languageAllowed(edition.language, languages)) return false;
  }
  if (rules.minPages > 0 && edition.pageCount > 0 && edition.pageCount < rules.minPages) return false;
  if (rules.skipMissingIsbn && !edition.isbn13 && !edition.asin) return false;
  if (matchesIgnored(edition.title, rules.ignored)) return false;
  return true;
}

/**
 * The edition a new book monitors: the source's representative edition when allowed, else the best by
 * allowed-language order, then having an ISBN, a cover and a page count.
 */
export function pickMonitoredEdition(
  editions: RemoteEdition[],
  preferredId: string | undefined,
  rules: ProfileRules,
): RemoteEdition | undefined {
  const preferred = editions.find((edition) => edition.foreignEditionId === preferredId);
  if (preferred) return preferred;
  const order = parseAllowedLanguages(rules.allowedLanguages)?.codes ?? [];
  const score = (edition: RemoteEdition) => {
    const language = edition.language ? canonicalLanguage(edition.language) : undefined;
    const languageRank = language && order.includes(language) ? order.indexOf(language) : order.length;
    return [languageRank, edition.isbn13 ? 0 : 1, edition.images.length ? 0 : 1, edition.pageCount > 0 ? 0 : 1];
  };
  return [...editions].sort((a, b) => {
    const [sa, sb] = [score(a), score(b)];
    for (let i = 0; i < sa.length; i++) if (sa[i] !== sb[i]) return sa[i] - sb[i];
    return 0;
  })[0];
}
