/**
 * The seam between Quire and a book metadata provider. Open Library is the first implementation
 * (open-library/open-library.source.ts); a second one (Google Books, Hardcover) implements the same
 * interface and is chosen by the module. Models here are source-neutral and already normalised:
 * ids are the provider's stable keys, dates are parsed, languages are ISO 639-2 codes.
 */

export type RemoteImageType = 'poster' | 'cover' | 'headshot';

export interface RemoteImage {
  coverType: RemoteImageType;
  /** Absolute URL of the full-size image on the provider's cover host. */
  url: string;
  /** Optional smaller rendition the provider already offers (used for the `-250` local variant). */
  smallUrl?: string;
}

export interface RemoteLink {
  url: string;
  name: string;
}

export interface RemoteRatings {
  votes: number;
  value: number;
  /** Quire's popularity number compared with the metadata profile's `minPopularity` (see popularity.ts). */
  popularity: number;
}

export interface RemoteAuthorRef {
  foreignAuthorId: string;
  name?: string;
}

export interface RemoteAuthor {
  foreignAuthorId: string;
  name: string;
  overview?: string;
  disambiguation?: string;
  born?: Date;
  died?: Date;
  status: 'continuing' | 'ended';
  aliases: string[];
  images: RemoteImage[];
  links: RemoteLink[];
  genres: string[];
  ratings: RemoteRatings;
  topWork?: string;
  workCount?: number;
}

export interface RemoteEdition {
  foreignEditionId: string;
  /** The work this edition belongs to, when the provider says so. */
  foreignBookId?: string;
  title: string;
  isbn13?: string;
  asin?: string;
  /** ISO 639-2/B code (`eng`, `fre`), absent when unknown. */
  language?: string;
  overview?: string;
  disambiguation?: string;
  format?: string;
  isEbook: boolean;
  publisher?: string;
  pageCount: number;
  releaseDate?: Date;
  images: RemoteImage[];
  links: RemoteLink[];
  ratings: RemoteRatings;
  /**
   * Series this edition states (Open Library keeps series on editions, not works); the refresh uses them
   * for a work whose own `series` is empty, taking the editions the metadata profile kept.
   */
  series?: RemoteSeriesLink[];
}

/** A book's place in a series, as the source states it. */
export interface RemoteSeriesLink {
  foreignSeriesId: string;
  title: string;
  /** The position as the source writes it: `1`, `2.5`, `0.5`, `Book 3 of 7`; absent when unnumbered. */
  position?: string;
  /** The book's main series (a book may sit in several: "Discworld" and "Discworld - Rincewind"). */
  isPrimary: boolean;
  /**
   * Whether the source counts the work among the series' primary works (Goodreads' whole-numbered entries, as
   * BookInfo states them), as opposed to a novella, companion or short story; absent when the source does not say.
   */
  primaryWork?: boolean;
}

/** A series with the works the source places in it. */
export interface RemoteSeries {
  foreignSeriesId: string;
  title: string;
  description?: string;
  /** Whether the source numbers the works (positions are meaningful). */
  numbered: boolean;
  works: { foreignBookId: string; position?: string; isPrimary: boolean }[];
}

export interface RemoteBook {
  foreignBookId: string;
  title: string;
  authors: RemoteAuthorRef[];
  overview?: string;
  releaseDate?: Date;
  genres: string[];
  images: RemoteImage[];
  links: RemoteLink[];
  ratings: RemoteRatings;
  /** How many editions the provider knows (0 when it did not say). */
  editionCount: number;
  /** Languages seen across editions (from search results; may be empty). */
  languages: string[];
  /** Edition the provider considers the representative one, if any. */
  coverEditionId?: string;
  /** Filled by calls that fetch editions (lookup by ISBN/edition, refresh). */
  editions?: RemoteEdition[];
  /** Series the work belongs to, when the source knows (empty or absent otherwise). */
  series?: RemoteSeriesLink[];
  /** Fields filled from another source than the one that answered (field → that source's name). */
  provenance?: Record<string, string>;
}

export interface BookSearchQuery {
  q?: string;
  title?: string;
  author?: string;
  isbn?: string;
  /** Provider-specific identifier query (Open Library: `id_amazon:B00…`). */
  identifier?: { kind: 'asin'; value: string };
}

/** Identifiers asked per request of `findWorksByIdentifiers` (Open Library: one Solr OR-query, ~2.5 KB of URL). */
export const IDENTIFIER_BATCH = 200;

/** An identifier kind a source may be searched by in bulk (migrations map other libraries' ids). */
export type IdentifierKind = 'goodreads' | 'isbn' | 'asin';

/** A work found by identifier search, with the identifiers of its editions that the source knows. */
export interface IdentifiedWork {
  book: RemoteBook;
  identifiers: Record<IdentifierKind, string[]>;
}

export interface MetadataSource {
  /** Human name used in messages ("Unable to communicate with Open Library."). */
  readonly name: string;
  searchAuthors(query: string, limit?: number): Promise<RemoteAuthor[]>;
  searchBooks(query: BookSearchQuery, limit?: number): Promise<RemoteBook[]>;
  /** Throws MetadataNotFoundError for an unknown id. */
  getAuthor(foreignAuthorId: string, options?: FetchOptions): Promise<RemoteAuthor>;
  /** Every work of the author with popularity data, without editions. */
  getAuthorWorks(foreignAuthorId: string, options?: FetchOptions): Promise<RemoteBook[]>;
  /** One work with its popularity data, without editions. Throws MetadataNotFoundError. */
  getWork(foreignBookId: string, options?: FetchOptions): Promise<RemoteBook>;
  getEditions(foreignBookId: string, options?: FetchOptions): Promise<RemoteEdition[]>;
  /** Throws MetadataNotFoundError. */
  getEdition(foreignEditionId: string, options?: FetchOptions): Promise<RemoteEdition>;
  /** Undefined when the ISBN is unknown. */
  getEditionByIsbn(isbn: string, options?: FetchOptions): Promise<RemoteEdition | undefined>;
  /**
   * The works carrying any of `values` (Goodreads edition ids, ISBNs or ASINs), asked in batches (one request
   * for many ids where the provider allows it). Optional: a source without identifier search omits it.
   */
  findWorksByIdentifiers?(kind: IdentifierKind, values: string[]): Promise<IdentifiedWork[]>;
  /** A series with its works. Optional: a source without series data omits it. Throws MetadataNotFoundError. */
  getSeries?(foreignSeriesId: string, options?: FetchOptions): Promise<RemoteSeries>;
  /**
   * The "changed" feed: the authors the source updated since `since`. Optional: a source without one omits it,
   * and `limited` means the source cannot say (refresh every author on the usual schedule).
   */
  getChangedAuthors?(since: Date): Promise<ChangedAuthors>;
  /** Cheap call that throws MetadataSourceUnavailableError when the provider cannot be reached. */
  ping(): Promise<void>;
}

export interface ChangedAuthors {
  limited: boolean;
  /** Foreign author ids. */
  ids: string[];
}

export interface FetchOptions {
  /** Skip the response cache (refresh must see upstream changes); the answer still refreshes the cache. */
  fresh?: boolean;
}

/** Nest injection token of the active MetadataSource. */
export const METADATA_SOURCE = Symbol('MetadataSource');

/** The provider could not be reached, timed out, or answered 5xx/429 after all retries. */
export class MetadataSourceUnavailableError extends Error {
  constructor(
    readonly sourceName: string,
    readonly detail: string,
  ) {
    super(`Unable to communicate with ${sourceName}: ${detail}`);
    this.name = 'MetadataSourceUnavailableError';
  }
}

/**
 * The provider knows the id but is still gathering its data (a BookInfo server answers 202, or an author
 * without works, while it loads a large author in the background). Not an answer to keep: callers change
 * nothing and try again later (`retryAfterMs` when the provider said when).
 */
export class MetadataNotReadyError extends Error {
  constructor(
    readonly sourceName: string,
    readonly what: string,
    readonly retryAfterMs?: number,
  ) {
    super(`${what} is still loading at ${sourceName}`);
    this.name = 'MetadataNotReadyError';
  }
}

/** The provider answered that the requested id does not exist. */
export class MetadataNotFoundError extends Error {
  constructor(
    readonly kind: 'author' | 'work' | 'edition' | 'series',
    readonly id: string,
  ) {
    super(`${kind[0].toUpperCase()}${kind.slice(1)} ${id} was not found in the metadata source`);
    this.name = 'MetadataNotFoundError';
  }
}
