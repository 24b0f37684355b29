import type { AuthorMetadata } from '../../../library/author/author-metadata.entity';
import type { LinkValue, MediaCoverValue, RatingsValue } from '../../../library/author/catalogue-values';
import type { Book } from '../../../library/book/book.entity';
import type { Edition } from '../../../library/book/edition.entity';
import type {
  RemoteAuthor,
  RemoteBook,
  RemoteEdition,
  RemoteImage,
  RemoteLink,
  RemoteRatings,
} from '../metadata-source';
import { cleanName } from '../../../platform/common/text/clean-name';
import { nameLastFirst, sortName } from '../names';

/**
 * The columns a refresh owns, computed from the source. Everything else on a row (monitored flags, profiles,
 * tags, path, added date, files, addOptions, titleSlug chosen at add time) is user state and never written here.
 */
export type AuthorMetadataValues = Pick<
  AuthorMetadata,
  | 'name'
  | 'sortName'
  | 'nameLastFirst'
  | 'sortNameLastFirst'
  | 'aliases'
  | 'overview'
  | 'disambiguation'
  | 'born'
  | 'died'
  | 'status'
  | 'images'
  | 'links'
  | 'genres'
  | 'ratings'
>;

export type BookValues = Pick<
  Book,
  'title' | 'cleanTitle' | 'releaseDate' | 'links' | 'genres' | 'ratings' | 'metadataProvenance'
>;

export type EditionValues = Pick<
  Edition,
  | 'isbn13'
  | 'asin'
  | 'title'
  | 'language'
  | 'overview'
  | 'format'
  | 'isEbook'
  | 'disambiguation'
  | 'publisher'
  | 'pageCount'
  | 'releaseDate'
  | 'images'
  | 'links'
  | 'ratings'
>;

export function imageValues(images: RemoteImage[]): MediaCoverValue[] {
  return images.map((image) => ({ url: image.url, coverType: image.coverType, extension: '.jpg' }));
}

function linkValues(links: RemoteLink[]): LinkValue[] {
  return links.map((link) => ({ url: link.url, name: link.name }));
}

function ratingsValue(ratings: RemoteRatings): RatingsValue {
  return { votes: ratings.votes, value: ratings.value, popularity: ratings.popularity };
}

export function authorMetadataValues(author: RemoteAuthor): AuthorMetadataValues {
  const lastFirst = nameLastFirst(author.name);
  return {
    name: author.name,
    sortName: sortName(author.name),
    nameLastFirst: lastFirst,
    sortNameLastFirst: lastFirst.toLowerCase(),
    aliases: author.aliases,
    overview: author.overview ?? null,
    disambiguation: author.disambiguation ?? null,
    born: author.born ?? null,
    died: author.died ?? null,
    status: author.status,
    images: imageValues(author.images),
    links: linkValues(author.links),
    genres: author.genres,
    ratings: ratingsValue(author.ratings),
  };
}

export function bookValues(book: RemoteBook): BookValues {
  return {
    title: book.title,
    cleanTitle: cleanName(book.title),
    releaseDate: book.releaseDate ?? null,
    links: linkValues(book.links),
    genres: book.genres,
    ratings: ratingsValue(book.ratings),
    metadataProvenance: book.provenance ?? {},
  };
}

/** Open Library editions rarely have a description; the work's stands in (BookResource.overview reads the edition). */
export function editionValues(edition: RemoteEdition, book: RemoteBook): EditionValues {
  return {
    isbn13: edition.isbn13 ?? null,
    asin: edition.asin ?? null,
    title: edition.title,
    language: edition.language ?? null,
    overview: edition.overview ?? book.overview ?? null,
    format: edition.format ?? null,
    isEbook: edition.isEbook,
    disambiguation: edition.disambiguation ?? null,
    publisher: edition.publisher ?? null,
    pageCount: edition.pageCount,
    releaseDate: edition.releaseDate ?? null,
    images: imageValues(edition.images.length ? edition.images : book.images),
    links: linkValues(edition.links),
    ratings: ratingsValue(edition.ratings),
  };
}

/** Stable form for comparison: dates as ISO strings, objects with sorted keys, undefined as null. */
function canonical(value: unknown): string {
  const normalise = (input: unknown): unknown => {
    if (input === undefined || input === null) return null;
    if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : input.toISOString();
    if (Array.isArray(input)) return input.map(normalise);
    if (typeof input === 'object') {
      const entries = Object.entries(input as Record<string, unknown>)
        .filter(([, v]) => v !== undefined && v !== null)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return Object.fromEntries(entries.map(([k, v]) => [k, normalise(v)]));
    }
    return input;
  };
  return JSON.stringify(normalise(value));
}

/** The subset of `desired` that differs from `current` (empty object = nothing to write). */
export function changedValues<T extends object>(current: T, desired: Partial<T>): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(desired) as (keyof T)[]) {
    if (canonical(current[key]) !== canonical(desired[key])) changes[key] = desired[key];
  }
  return changes;
}
