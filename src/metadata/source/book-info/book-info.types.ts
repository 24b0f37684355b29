/**
 * Readarr's BookInfo metadata protocol as servers such as rreading-glasses speak it (PascalCase JSON).
 * Routes: `GET /author/{id}`, `GET /work/{id}`, `GET /book/{id}` (303 to the author or the work),
 * `GET /book/isbn/{isbn}` and `GET /book/asin/{asin}` (303 to `/book/{id}`), `GET /book/bulk?id=…` (the
 * cacheable form of Readarr's `POST /book/bulk`), `GET /search?q=`, `GET /series/{id}`,
 * `GET /author/changed?since=`. Ids are numbers (Goodreads or Hardcover ids, whichever the server is backed by).
 */

export interface BiContributor {
  ForeignId: number;
  Role?: string;
}

/** An edition ("book" in the protocol). */
export interface BiBook {
  ForeignId: number;
  Asin?: string;
  Description?: string;
  Isbn13?: string;
  Title?: string;
  /** ISO 639-3 code (`eng`, `fra`) or a language name, depending on the server. */
  Language?: string;
  Format?: string;
  EditionInformation?: string;
  Publisher?: string;
  ImageUrl?: string;
  IsEbook?: boolean;
  NumPages?: number | null;
  RatingCount?: number;
  AverageRating?: number;
  Url?: string;
  ReleaseDate?: string | null;
  Contributors?: BiContributor[];
}

export interface BiSeriesWorkLink {
  ForeignWorkId: number;
  PositionInSeries?: string;
  SeriesPosition?: number;
  Primary?: boolean;
}

export interface BiSeries {
  ForeignId: number;
  Title: string;
  Description?: string;
  LinkItems?: BiSeriesWorkLink[];
}

export interface BiWork {
  ForeignId: number;
  Title: string;
  Url?: string;
  ReleaseDate?: string | null;
  Genres?: string[];
  RelatedWorks?: number[];
  Books?: BiBook[];
  Series?: BiSeries[];
  Authors?: BiAuthor[];
  RatingCount?: number;
  AverageRating?: number;
}

export interface BiAuthor {
  ForeignId: number;
  Name: string;
  Description?: string;
  ImageUrl?: string;
  Url?: string;
  RatingCount?: number;
  AverageRating?: number;
  Works?: BiWork[];
  Series?: BiSeries[];
}

export interface BiBulk {
  Works?: BiWork[];
  Series?: BiSeries[];
  Authors?: BiAuthor[];
}

/** One `GET /search` hit (Goodreads auto-complete shape; servers may send more fields). */
export interface BiSearchHit {
  bookId: number;
  workId: number;
  title?: string;
  author?: { id: number; name?: string };
}

export interface BiRecentUpdates {
  Limited: boolean;
  Since?: string;
  Ids: number[];
}
