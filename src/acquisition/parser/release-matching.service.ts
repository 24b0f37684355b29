import { Injectable } from '@nestjs/common';
import { matchAuthor, matchBooks } from './book-matcher';
import { type LibraryAuthor, type LibraryBook, LibraryLookupRepository } from './library-lookup.repository';
import type { ParsedBookInfo } from './parsed-book-info';
import { cleanAuthorName } from './title-matching';

export interface LibraryMatch {
  author?: LibraryAuthor;
  books: LibraryBook[];
}

/** Maps a parsed release onto the library: its author (by clean name or alias), then that author's books. */
@Injectable()
export class ReleaseMatchingService {
  constructor(private readonly library: LibraryLookupRepository) {}

  async match(parsed: ParsedBookInfo): Promise<LibraryMatch> {
    if (!parsed.authorName) return { books: [] };
    const candidates = await this.library.authorsByCleanName(cleanAuthorName(parsed.authorName));
    const author = matchAuthor(parsed, candidates);
    if (!author) return { books: [] };
    const books = await this.library.booksOfAuthors([author.id]);
    return { author, books: matchBooks(parsed, books) };
  }
}
