import { Inject, Injectable } from '@nestjs/common';
import { similarity } from '../../../platform/common/text/similarity';
import {
  IDENTIFIER_BATCH,
  METADATA_SOURCE,
  type IdentifiedWork,
  type IdentifierKind,
  type MetadataSource,
  type RemoteBook,
} from '../../../metadata/source/metadata-source';

export interface BookEvidence {
  readarrBookId: number;
  title: string;
  authorName: string;
  /** Goodreads edition ids (ForeignEditionId), when the source library used Goodreads ids. */
  goodreadsIds: string[];
  isbns: string[];
  asins: string[];
}

export interface AuthorEvidence {
  key: number;
  name: string;
  /** Readarr book ids of the author's books. */
  bookIds: number[];
}

export type MatchVia = 'goodreads' | 'isbn' | 'asin' | 'title' | 'name' | 'books';

export interface BookMatch {
  foreignBookId: string;
  title: string;
  authors: { foreignAuthorId: string; name?: string }[];
  via: MatchVia;
}

export interface AuthorMatch {
  foreignAuthorId: string;
  name: string;
  via: MatchVia;
}

const IDENTIFIER_ROUTES: MatchVia[] = ['goodreads', 'isbn', 'asin'];

/** A match without its route (the same work found by Goodreads id or ISBN is one object). */
type BookMatchCore = Omit<BookMatch, 'via'>;

/** Identifiers (and a tenth as many title and author searches) remembered between runs. */
const CACHE_ENTRIES = 50_000;

/** A Map that forgets its oldest entries past `limit`. */
class BoundedCache<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size <= this.limit) return;
    for (const oldest of this.map.keys()) {
      this.map.delete(oldest);
      if (this.map.size <= this.limit * 0.9) break;
    }
  }
}

export interface LookupStats {
  requests: number;
  identifiers: number;
  cached: number;
}

/**
 * Maps another library's books and authors to the configured metadata source, strongest evidence first:
 * Goodreads ids the source knows, then ISBNs and ASINs of the editions, then normalised title + author with the
 * media-management match threshold. Identifier lookups are batched (many ids per request) and cached in this
 * process (a dry run followed by the real run asks once), as compact matches and up to a bound, so a server that
 * migrated a large library does not keep it in memory; every request goes through the metadata client's rate
 * limiter.
 */
@Injectable()
export class IdentityResolver {
  /** `kind:value` → the work it identifies (null: the source does not know it). */
  private readonly identifierCache = new BoundedCache<string, BookMatchCore | null>(CACHE_ENTRIES);
  private readonly titleCache = new BoundedCache<string, BookMatch[]>(CACHE_ENTRIES / 10);
  private readonly authorCache = new BoundedCache<string, { foreignAuthorId: string; name: string }[]>(
    CACHE_ENTRIES / 10,
  );

  constructor(@Inject(METADATA_SOURCE) private readonly source: MetadataSource) {}

  /** A migration maps every book through the source: refuse to start (nothing written) when it is unreachable. */
  async assertReachable(): Promise<void> {
    try {
      await this.source.ping();
    } catch (error) {
      throw new Error(
        `${this.source.name} cannot be reached (${(error as Error).message}); the migration needs it to map ` +
          'identities. Nothing was migrated.',
      );
    }
  }

  async resolveBooks(
    books: BookEvidence[],
    options: { useGoodreads: boolean; threshold: number; stats: LookupStats },
    progress: (done: number) => Promise<void>,
  ): Promise<Map<number, BookMatch>> {
    const matches = new Map<number, BookMatch>();
    const kinds: [IdentifierKind, (book: BookEvidence) => string[]][] = [
      ['goodreads', (book) => (options.useGoodreads ? book.goodreadsIds : [])],
      ['isbn', (book) => book.isbns],
      ['asin', (book) => book.asins],
    ];
    for (const [kind, values] of kinds) {
      const open = books.filter((book) => !matches.has(book.readarrBookId));
      await this.lookupIdentifiers(kind, open.flatMap(values), options.stats);
      for (const book of open) {
        const work = values(book)
          .map((value) => this.identifierCache.get(`${kind}:${value}`))
          .find((found): found is BookMatchCore => !!found);
        if (work) matches.set(book.readarrBookId, { ...work, via: kind });
      }
      await progress(matches.size);
    }
    let done = 0;
    for (const book of books) {
      if (matches.has(book.readarrBookId)) continue;
      const match = await this.matchByTitle(book, options.threshold, options.stats);
      if (match) matches.set(book.readarrBookId, match);
      if (++done % 25 === 0) await progress(matches.size);
    }
    return matches;
  }

  /**
   * An author is who its matched books say, else a name search. Books matched by an identifier name their author
   * without a name comparison (the library may spell it in another script, "Лев Толстой" for "Leo Tolstoy");
   * books matched by title count only for an author of a similar name. Identifier votes win over title votes.
   */
  async resolveAuthor(
    author: AuthorEvidence,
    bookMatches: Map<number, BookMatch>,
    options: { threshold: number; stats: LookupStats },
  ): Promise<AuthorMatch | undefined> {
    const identified = new Map<string, { name: string; count: number }>();
    const named = new Map<string, { name: string; count: number }>();
    for (const bookId of author.bookIds) {
      const match = bookMatches.get(bookId);
      const byIdentifier = !!match && IDENTIFIER_ROUTES.includes(match.via);
      // A book of several authors identifies only the one whose name fits, unless it has a single author.
      const single = (match?.authors.length ?? 0) === 1;
      for (const candidate of match?.authors ?? []) {
        if (!candidate.name) continue;
        const similar = similarity(candidate.name, author.name) * 100 >= options.threshold;
        const votes = byIdentifier && (single || similar) ? identified : similar ? named : undefined;
        if (!votes) continue;
        const vote = votes.get(candidate.foreignAuthorId) ?? { name: candidate.name, count: 0 };
        vote.count++;
        votes.set(candidate.foreignAuthorId, vote);
      }
    }
    const best = [...(identified.size ? identified : named).entries()].sort((a, b) => b[1].count - a[1].count)[0];
    if (best) return { foreignAuthorId: best[0], name: best[1].name, via: 'books' };
    const key = author.name.toLowerCase();
    let candidates = this.authorCache.get(key);
    if (!candidates) {
      options.stats.requests++;
      candidates = (await this.source.searchAuthors(author.name, 5)).map((remote) => ({
        foreignAuthorId: remote.foreignAuthorId,
        name: remote.name,
      }));
      this.authorCache.set(key, candidates);
    } else options.stats.cached++;
    const scored = candidates
      .map((candidate) => ({ candidate, score: similarity(candidate.name, author.name) * 100 }))
      .filter((entry) => entry.score >= options.threshold)
      .sort((a, b) => b.score - a.score)[0];
    return scored ? { ...scored.candidate, via: 'name' } : undefined;
  }

  private async lookupIdentifiers(kind: IdentifierKind, values: string[], stats: LookupStats): Promise<void> {
    const unique = [...new Set(values.filter(Boolean))];
    const missing = unique.filter((value) => !this.identifierCache.has(`${kind}:${value}`));
    stats.identifiers += unique.length;
    stats.cached += unique.length - missing.length;
    if (!missing.length || !this.source.findWorksByIdentifiers) return;
    const found: IdentifiedWork[] = await this.source.findWorksByIdentifiers(kind, missing);
    stats.requests += Math.ceil(missing.length / IDENTIFIER_BATCH);
    const asked = new Set(missing);
    for (const work of found) {
      const core = compact(work.book);
      for (const value of work.identifiers[kind])
        if (asked.has(value) && !this.identifierCache.get(`${kind}:${value}`))
          this.identifierCache.set(`${kind}:${value}`, core);
    }
    for (const value of missing)
      if (!this.identifierCache.has(`${kind}:${value}`)) this.identifierCache.set(`${kind}:${value}`, null);
  }

  private async matchByTitle(
    book: BookEvidence,
    threshold: number,
    stats: LookupStats,
  ): Promise<BookMatch | undefined> {
    const key = `${book.title}\u0000${book.authorName}`.toLowerCase();
    let candidates = this.titleCache.get(key);
    if (!candidates) {
      stats.requests++;
      candidates = (await this.source.searchBooks({ title: book.title, author: book.authorName }, 5)).map((remote) =>
        this.toMatch(remote, 'title'),
      );
      this.titleCache.set(key, candidates);
    } else stats.cached++;
    const scored = candidates
      .map((candidate) => {
        const titleScore = similarity(candidate.title, book.title) * 100;
        const authorScore = Math.max(
          0,
          ...candidate.authors.map((a) => similarity(a.name ?? '', book.authorName) * 100),
        );
        return { candidate, titleScore, score: (titleScore + authorScore) / 2 };
      })
      .filter((entry) => entry.titleScore >= threshold && entry.score >= threshold)
      .sort((a, b) => b.score - a.score)[0];
    return scored?.candidate;
  }

  private toMatch(book: RemoteBook, via: MatchVia): BookMatch {
    return { ...compact(book), via };
  }
}

function compact(book: RemoteBook): BookMatchCore {
  return {
    foreignBookId: book.foreignBookId,
    title: book.title,
    authors: book.authors.map(({ foreignAuthorId, name }) => ({ foreignAuthorId, name })),
  };
}
