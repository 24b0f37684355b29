import { AuthorResource } from '../../../library/author/author.resource';
import { BookResource } from '../../../library/book/book.resource';

/** One entry of `GET /search?term=`: an author or a book. */
export class SearchResource {
  /** 1-based position in the result list. */
  id!: number;
  foreignId!: string;
  author?: AuthorResource;
  book?: BookResource;
}
