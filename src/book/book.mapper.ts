import { mapImages } from '../author/author.mapper';
import type { AuthorResource } from '../author/author.resource';
import { EMPTY_RATINGS } from '../author/catalogue-values';
import type { Edition } from './edition.entity';
import type { EditionResource } from './edition.resource';
import type { BookRow } from './book.repository';
import type { BookResource, BookStatisticsResource } from './book.resource';

export function toBookStatistics(row: BookRow, now = Date.now()): BookStatisticsResource {
  const files = row.fileCount ?? 0;
  const released = row.releaseDate ? row.releaseDate.getTime() < now : false;
  const bookCount = (row.monitored && released) || !row.releaseDate || files > 0 ? 1 : 0;
  return {
    bookFileCount: files,
    bookCount,
    totalBookCount: 1,
    sizeOnDisk: Number(row.sizeOnDisk ?? 0),
    percentOfBooks: bookCount === 0 ? 0 : (files / bookCount) * 100,
  };
}

/** A projected book row → BookResource without author, overview or editions. */
export function toBookResource(row: BookRow, urlBase: string, now = Date.now()): BookResource {
  const title = row.editionTitle ?? row.workTitle;
  return {
    id: row.id,
    title,
    authorTitle: `${row.authorSortNameLastFirst ?? ''} ${title}`.trim(),
    seriesTitle: row.seriesTitle ?? '',
    disambiguation: row.disambiguation ?? undefined,
    authorId: row.authorId,
    foreignBookId: row.foreignBookId,
    foreignEditionId: row.foreignEditionId ?? undefined,
    titleSlug: row.titleSlug ?? row.foreignBookId,
    monitored: row.monitored,
    anyEditionOk: row.anyEditionOk,
    ratings: row.editionRatings ?? row.bookRatings ?? EMPTY_RATINGS,
    releaseDate: row.releaseDate ?? undefined,
    pageCount: row.pageCount ?? 0,
    genres: row.genres ?? [],
    images: mapImages(row.images, `${urlBase}/MediaCover/Books/${row.id}`),
    links: [...(row.bookLinks ?? []), ...(row.editionLinks ?? [])],
    statistics: toBookStatistics(row, now),
    added: row.added,
    addOptions: (row.addOptions as BookResource['addOptions']) ?? undefined,
    lastSearchTime: row.lastSearchTime ?? undefined,
    grabbed: false,
  };
}

export function withAuthor(book: BookResource, authors: Map<number, AuthorResource>): BookResource {
  return { ...book, author: authors.get(book.authorId!) };
}

export function toEditionResource(edition: Edition, urlBase: string): EditionResource {
  return {
    id: edition.id,
    bookId: edition.bookId,
    foreignEditionId: edition.foreignEditionId,
    titleSlug: edition.titleSlug ?? edition.foreignEditionId,
    isbn13: edition.isbn13 ?? undefined,
    asin: edition.asin ?? undefined,
    title: edition.title,
    language: edition.language ?? undefined,
    overview: edition.overview ?? undefined,
    format: edition.format ?? undefined,
    isEbook: edition.isEbook,
    disambiguation: edition.disambiguation ?? undefined,
    publisher: edition.publisher ?? undefined,
    pageCount: edition.pageCount,
    releaseDate: edition.releaseDate ?? undefined,
    images: mapImages(edition.images, `${urlBase}/MediaCover/Books/${edition.bookId}`),
    links: edition.links ?? [],
    ratings: edition.ratings ?? EMPTY_RATINGS,
    monitored: edition.monitored,
    manualAdd: edition.manualAdd,
  };
}
