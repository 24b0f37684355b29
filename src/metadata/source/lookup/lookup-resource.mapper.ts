import type { AuthorResource } from '../../../library/author/author.resource';
import type { MediaCover, Ratings, Links } from '../../../library/author/media.resource';
import type { RemoteAuthor, RemoteAuthorRef, RemoteBook, RemoteEdition, RemoteImage } from '../metadata-source';
import { cleanName } from '../../../platform/common/text/clean-name';
import { authorTitle, nameLastFirst, sortName } from '../names';

/** Readarr writes `DateTime.MinValue` as the `added` date of authors not in the library. */
const NEVER = new Date('0001-01-01T00:00:00Z');

/** Local state of things already in the library (ids and the user's choices), keyed by foreign id. */
export interface LocalIds {
  authors: Map<string, number>;
  books: Map<string, { id: number; authorId: number; monitored: boolean; added: Date }>;
  editions: Map<string, { id: number; bookId: number; monitored: boolean }>;
}

export const NO_LOCAL_IDS: LocalIds = { authors: new Map(), books: new Map(), editions: new Map() };

/** EditionResource / BookResource as lookup and search send them (in BookResource's field order, as Readarr writes them). */
export interface LookupEditionResource {
  id?: number;
  bookId?: number;
  foreignEditionId: string;
  titleSlug: string;
  isbn13?: string;
  asin?: string;
  title: string;
  language?: string;
  overview?: string;
  format?: string;
  isEbook: boolean;
  disambiguation?: string;
  publisher?: string;
  pageCount: number;
  releaseDate?: Date;
  images: MediaCover[];
  links: Links[];
  ratings: Ratings;
  monitored: boolean;
  manualAdd: boolean;
  remoteCover?: string;
}

export interface LookupBookResource {
  id?: number;
  title: string;
  authorTitle: string;
  seriesTitle: string;
  disambiguation?: string;
  overview?: string;
  authorId?: number;
  foreignBookId: string;
  foreignEditionId?: string;
  titleSlug: string;
  monitored: boolean;
  anyEditionOk: boolean;
  ratings: Ratings;
  releaseDate?: Date;
  pageCount: number;
  genres: string[];
  author?: AuthorResource;
  images: MediaCover[];
  links: Links[];
  added?: Date;
  remoteCover?: string;
  editions: LookupEditionResource[];
}

export function toMediaCovers(images: RemoteImage[]): MediaCover[] {
  return images.map((image) => ({
    url: image.url,
    coverType: image.coverType,
    extension: extensionOf(image.url),
    remoteUrl: image.url,
  }));
}

function extensionOf(url: string): string {
  const match = /(\.[A-Za-z0-9]{2,4})(?:\?.*)?$/.exec(url);
  return match ? match[1].toLowerCase() : '.jpg';
}

function emptyStatistics() {
  return { bookFileCount: 0, bookCount: 0, availableBookCount: 0, totalBookCount: 0, sizeOnDisk: 0, percentOfBooks: 0 };
}

/** An author from the source that is not (or not yet) in the library. */
export function toLookupAuthorResource(author: RemoteAuthor, localId?: number): AuthorResource {
  const lastFirst = nameLastFirst(author.name);
  const poster = author.images.find((image) => image.coverType === 'poster');
  return {
    id: localId,
    status: author.status,
    ended: author.status === 'ended',
    authorName: author.name,
    authorNameLastFirst: lastFirst,
    foreignAuthorId: author.foreignAuthorId,
    titleSlug: author.foreignAuthorId,
    overview: author.overview,
    disambiguation: author.disambiguation,
    links: author.links,
    images: toMediaCovers(author.images),
    remotePoster: poster?.url,
    qualityProfileId: 0,
    metadataProfileId: 0,
    monitored: false,
    monitorNewItems: 'all',
    folder: author.name.replace(/[<>:"/\\|?*]/g, '').trim(),
    genres: author.genres,
    cleanName: cleanName(author.name),
    sortName: sortName(author.name),
    sortNameLastFirst: lastFirst.toLowerCase(),
    tags: [],
    added: NEVER,
    ratings: author.ratings,
    statistics: emptyStatistics(),
  };
}

/**
 * The author of a book result when only its id and name are known (search results). Open Library keys get the
 * covers host's photo and the site's page; other sources' ids get neither.
 */
export function authorFromRef(ref: RemoteAuthorRef, coverBase: string, siteBase: string): RemoteAuthor {
  const openLibrary = /^OL\d+A$/.test(ref.foreignAuthorId);
  return {
    foreignAuthorId: ref.foreignAuthorId,
    name: ref.name ?? ref.foreignAuthorId,
    status: 'continuing',
    aliases: [],
    images: openLibrary ? [{ coverType: 'poster', url: `${coverBase}/a/olid/${ref.foreignAuthorId}-L.jpg` }] : [],
    links: openLibrary ? [{ url: `${siteBase}/authors/${ref.foreignAuthorId}`, name: 'Open Library' }] : [],
    genres: [],
    ratings: { votes: 0, value: 0, popularity: 0 },
  };
}

export function toLookupEditionResource(
  edition: RemoteEdition,
  local: LocalIds,
  monitored: boolean,
): LookupEditionResource {
  const existing = local.editions.get(edition.foreignEditionId);
  return {
    id: existing?.id,
    bookId: existing?.bookId,
    foreignEditionId: edition.foreignEditionId,
    titleSlug: edition.foreignEditionId,
    isbn13: edition.isbn13,
    asin: edition.asin,
    title: edition.title,
    language: edition.language,
    overview: edition.overview,
    format: edition.format,
    isEbook: edition.isEbook,
    disambiguation: edition.disambiguation,
    publisher: edition.publisher,
    pageCount: edition.pageCount,
    releaseDate: edition.releaseDate,
    images: toMediaCovers(edition.images),
    links: edition.links,
    ratings: edition.ratings,
    monitored: existing?.monitored ?? monitored,
    manualAdd: false,
    remoteCover: edition.images[0]?.url,
  };
}

/**
 * A work from the source as BookResource, always with at least one edition: clients' add-book helpers (and
 * Readarr's UI) post the lookup result back and `POST /book` keeps its monitored edition. Without fetched editions
 * the stand-in is the work's cover edition, or, when the source names none, an edition made from the work itself.
 */
export function toLookupBookResource(
  book: RemoteBook,
  author: AuthorResource | undefined,
  local: LocalIds,
): LookupBookResource {
  const editions = book.editions?.length ? book.editions : standInEdition(book);
  const monitoredEdition = pickDisplayEdition(book, editions);
  const existing = local.books.get(book.foreignBookId);
  const authorName = author?.authorName ?? book.authors[0]?.name ?? '';
  const cover = book.images[0] ?? monitoredEdition?.images[0];
  return {
    id: existing?.id,
    title: book.title,
    authorTitle: authorTitle(authorName, book.title),
    seriesTitle: '',
    disambiguation: monitoredEdition?.disambiguation,
    overview: book.overview ?? monitoredEdition?.overview,
    authorId: existing?.authorId ?? author?.id,
    foreignBookId: book.foreignBookId,
    foreignEditionId: monitoredEdition?.foreignEditionId,
    titleSlug: book.foreignBookId,
    monitored: existing?.monitored ?? false,
    anyEditionOk: true,
    ratings: book.ratings,
    releaseDate: book.releaseDate,
    pageCount: monitoredEdition?.pageCount ?? 0,
    genres: book.genres,
    author,
    images: toMediaCovers(cover ? [cover] : []),
    links: book.links,
    added: existing?.added,
    remoteCover: cover?.url,
    editions: editions.map((edition) =>
      toLookupEditionResource(edition, local, edition.foreignEditionId === monitoredEdition?.foreignEditionId),
    ),
  };
}

function standInEdition(book: RemoteBook): RemoteEdition[] {
  const ownEdition = !!book.coverEditionId;
  return [
    {
      // `POST /book` names an edition posted without an id the same way.
      foreignEditionId: book.coverEditionId ?? `${book.foreignBookId}-1`,
      foreignBookId: book.foreignBookId,
      title: book.title,
      language: book.languages[0],
      overview: ownEdition ? undefined : book.overview,
      isEbook: false,
      pageCount: 0,
      releaseDate: book.releaseDate,
      images: book.images,
      links: ownEdition
        ? [{ url: `https://openlibrary.org/books/${book.coverEditionId}`, name: 'Open Library' }]
        : book.links,
      ratings: ownEdition ? { votes: 0, value: 0, popularity: 0 } : book.ratings,
    },
  ];
}

/** The cover edition; else one in the work's first language, one with a cover, the first. */
function pickDisplayEdition(book: RemoteBook, editions: RemoteEdition[]): RemoteEdition | undefined {
  return (
    editions.find((edition) => edition.foreignEditionId === book.coverEditionId) ??
    editions.find((edition) => !!book.languages[0] && edition.language === book.languages[0]) ??
    editions.find((edition) => edition.images.length > 0) ??
    editions[0]
  );
}
