import { Injectable } from '@nestjs/common';
import type { CommandContext } from '../../platform/command/command-handler.decorator';
import { LibraryLookupRepository } from '../parser/library-lookup.repository';
import { ProcessDecisionsService } from './process-decisions.service';
import { ReleaseSearchService } from './release-search.service';
import { SearchRepository } from './search.repository';

/** Shared by the search commands: searches each book, grabs the best approved release, reports progress. */
@Injectable()
export class BookSearchRunner {
  constructor(
    private readonly library: LibraryLookupRepository,
    private readonly search: ReleaseSearchService,
    private readonly process: ProcessDecisionsService,
    private readonly repository: SearchRepository,
  ) {}

  async run(bookIds: number[], monitoredOnly: boolean, context: CommandContext): Promise<string> {
    const books = await this.library.books(bookIds);
    const authors = new Map(
      (await this.library.authors([...new Set(books.map((book) => book.authorId))])).map((a) => [a.id, a]),
    );
    let reports = 0;
    let grabbed = 0;
    for (const [index, book] of books.entries()) {
      const author = authors.get(book.authorId);
      if (!author) continue;
      await context.progress(`Searching indexers for ${author.name} - ${book.title} [${index + 1}/${books.length}]`);
      const decisions = await this.search.searchBook(author, book, { kind: 'automatic', monitoredOnly });
      reports += decisions.length;
      const result = await this.process.process(decisions, 'search');
      grabbed += result.grabbed.length;
      await this.repository.markSearched([book.id]);
    }
    return `Searched ${books.length} book(s): ${reports} reports found, ${grabbed} grabbed`;
  }
}
