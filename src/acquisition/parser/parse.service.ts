import { Injectable } from '@nestjs/common';
import { AuthorQueryService } from '../../library/author/author-query.service';
import { BookQueryService } from '../../library/book/book-query.service';
import { toParsedBookInfoResource } from './parse.mapper';
import type { ParseResource } from './parse.resource';
import { ReleaseMatchingService } from './release-matching.service';
import { parseReleaseTitle } from './release-parser';

/** `GET /parse?title=`: the parsed release plus the library's author and books when they match. */
@Injectable()
export class ParseService {
  constructor(
    private readonly matching: ReleaseMatchingService,
    private readonly authors: AuthorQueryService,
    private readonly books: BookQueryService,
  ) {}

  async parse(title: string | undefined): Promise<ParseResource | null> {
    if (!title?.trim()) return null;
    const parsed = parseReleaseTitle(title);
    if (!parsed) return { title };
    const match = await this.matching.match(parsed);
    const [author] = match.author ? await this.authors.resources([match.author.id]) : [];
    const books = match.books.length ? await this.books.byIds(match.books.map((book) => book.id)) : undefined;
    return { title, parsedBookInfo: toParsedBookInfoResource(parsed), author, books };
  }
}
