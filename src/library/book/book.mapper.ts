import { mapImages } from '../author/author.mapper';
import type { AuthorResource } from '../author/author.resource';
import { EMPTY_RATINGS } from '../author/catalogue-values';
import type { Edition } from './edition.entity';
import type { EditionResource } from './edition.resource';
import type { BookResource } from './book.resource';

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
