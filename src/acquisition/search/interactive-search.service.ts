import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../platform/common/errors/domain-errors';
import type { DownloadDecision } from '../decision/remote-book';
import { LibraryLookupRepository } from '../parser/library-lookup.repository';
import { ReleaseCache } from './release-cache.service';
import type { ReleaseQuery, ReleaseResource } from './release.resource';
import { ReleaseResources } from './release-resources';
import { ReleaseSearchService } from './release-search.service';

/** `GET /api/v1/release`: searches for a book, an author or the RSS feeds, and keeps the answers to grab from. */
@Injectable()
export class InteractiveSearchService {
  constructor(
    private readonly releaseSearch: ReleaseSearchService,
    private readonly library: LibraryLookupRepository,
    private readonly cache: ReleaseCache,
    private readonly resources: ReleaseResources,
  ) {}

  async search(query: ReleaseQuery): Promise<ReleaseResource[]> {
    let decisions: DownloadDecision[];
    if (query.bookId !== undefined) {
      const [book] = await this.library.books([query.bookId]);
      if (!book) throw new NotFoundError(`Book ${query.bookId} not found`);
      const author = (await this.library.author(book.authorId))!;
      decisions = await this.releaseSearch.searchBook(author, book, { kind: 'interactive', monitoredOnly: false });
    } else if (query.authorId !== undefined) {
      const author = await this.library.author(query.authorId);
      if (!author) throw new NotFoundError(`Author ${query.authorId} not found`);
      decisions = await this.releaseSearch.searchAuthor(author, 'interactive');
    } else decisions = await this.releaseSearch.rss('interactive');
    this.cache.set(decisions);
    return this.resources.of(decisions);
  }
}
