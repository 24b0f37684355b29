import { Injectable, Logger } from '@nestjs/common';
import { DecisionService } from '../decision/decision.service';
import type { DownloadDecision, RemoteBook, SearchKind } from '../decision/remote-book';
import { type LibraryAuthor, type LibraryBook, LibraryLookupRepository } from '../parser/library-lookup.repository';
import { parseReleaseTitle } from '../parser/release-parser';
import { ReleaseMatchingService } from '../parser/release-matching.service';
import type { IndexerClient, ReleaseInfo } from '../../integrations/indexer/indexer-client';
import { IndexerFactory } from '../../integrations/indexer/indexer-factory.service';
import { remoteForSearch, toReleaseInfo } from './remote-book.factory';
import type { PendingRelease } from '../queue/pending-release.entity';

type IndexerUse = 'rss' | 'automaticSearch' | 'interactiveSearch';

/** Queries indexers for books or the RSS feeds, maps results onto the library and decides on them. */
@Injectable()
export class ReleaseSearchService {
  private readonly logger = new Logger(ReleaseSearchService.name);

  constructor(
    private readonly indexers: IndexerFactory,
    private readonly library: LibraryLookupRepository,
    private readonly matching: ReleaseMatchingService,
    private readonly decisions: DecisionService,
  ) {}

  /** Searches every enabled indexer for one book of an author; `books` are the books results may map to. */
  async searchBook(
    author: LibraryAuthor,
    book: LibraryBook,
    options: { kind: SearchKind; monitoredOnly: boolean; books?: LibraryBook[] },
  ): Promise<DownloadDecision[]> {
    const use: IndexerUse = options.kind === 'interactive' ? 'interactiveSearch' : 'automaticSearch';
    const releases = await this.askIndexers(
      use,
      (indexer) =>
        indexer.supportsSearch
          ? indexer.search({ author: author.name, title: searchTitle(book.title) })
          : Promise.resolve([]),
      author,
    );
    const candidates = options.books ?? [book];
    const remotes = releases.map((release) => remoteForSearch(release, author, candidates));
    return this.decisions.decide(remotes, options);
  }

  /** Interactive search for every book of an author (one query per author, Readarr's AuthorSearchCriteria). */
  async searchAuthor(author: LibraryAuthor, kind: SearchKind): Promise<DownloadDecision[]> {
    const books = await this.library.booksOfAuthors([author.id]);
    const use: IndexerUse = kind === 'interactive' ? 'interactiveSearch' : 'automaticSearch';
    const releases = await this.askIndexers(
      use,
      (indexer) => (indexer.supportsSearch ? indexer.search({ author: author.name }) : Promise.resolve([])),
      author,
    );
    const remotes = releases.map((release) => remoteForSearch(release, author, books));
    return this.decisions.decide(remotes, { kind, monitoredOnly: kind !== 'interactive' });
  }

  /** The RSS feeds of every RSS-enabled indexer, matched against the whole library. */
  async rss(kind: SearchKind): Promise<DownloadDecision[]> {
    const use: IndexerUse = kind === 'interactive' ? 'interactiveSearch' : 'rss';
    const releases = await this.askIndexers(use, (indexer) =>
      indexer.supportsRss ? indexer.fetchRss() : Promise.resolve([]),
    );
    return this.decideUnmatched(releases, kind);
  }

  /** Maps releases through the parser and the library (RSS, push, pending) and decides. */
  async decideUnmatched(releases: ReleaseInfo[], kind: SearchKind): Promise<DownloadDecision[]> {
    const remotes: RemoteBook[] = [];
    for (const release of releases) {
      const parsed = parseReleaseTitle(release.title);
      const match = parsed ? await this.matching.match(parsed) : { books: [] };
      remotes.push({
        release,
        parsed,
        author: match.author,
        books: match.books,
        customFormats: [],
        customFormatScore: 0,
      });
    }
    return this.decisions.decide(remotes, { kind, monitoredOnly: kind !== 'interactive' });
  }

  /** Pending releases re-evaluated (their delay may be over); mapped to their stored books. */
  async decidePending(pending: PendingRelease[], kind: SearchKind): Promise<DownloadDecision[]> {
    const remotes: RemoteBook[] = [];
    for (const item of pending) {
      const author = await this.library.author(item.authorId);
      if (!author) continue;
      const books = await this.library.books(item.bookIds);
      const parsed = parseReleaseTitle(item.title);
      remotes.push({
        release: toReleaseInfo(item.release),
        parsed,
        author,
        books,
        customFormats: [],
        customFormatScore: 0,
      });
    }
    return this.decisions.decide(remotes, { kind, monitoredOnly: kind !== 'interactive' });
  }

  /** A search for an author asks only untagged indexers and those sharing one of the author's tags (Readarr's dispatch). */
  private async askIndexers(
    use: IndexerUse,
    call: (indexer: IndexerClient) => Promise<ReleaseInfo[]>,
    author?: LibraryAuthor,
  ): Promise<ReleaseInfo[]> {
    const authorTags = author?.tags ?? [];
    const indexers = (await this.indexers.enabledFor(use)).filter(
      (indexer) => !author || indexer.tags.length === 0 || indexer.tags.some((tag) => authorTags.includes(tag)),
    );
    const results = await Promise.all(
      indexers.map(async (indexer) => {
        try {
          return await call(indexer);
        } catch (error) {
          this.logger.warn(`Indexer ${indexer.name} failed: ${(error as Error).message}`);
          return [];
        }
      }),
    );
    const seen = new Set<string>();
    return results.flat().filter((release) => {
      const key = `${release.indexerId}_${release.guid}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
}

/** Search with the main title only ("Mistborn: The Final Empire" → "Mistborn"): indexers match words. */
function searchTitle(title: string): string {
  return title.replace(/\s*[:(].*$/, '').trim() || title;
}
