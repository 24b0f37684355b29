import { Injectable } from '@nestjs/common';
import { MetadataHttpClient, RequestIdentity } from '../http/metadata-http.client';
import {
  BookSearchQuery,
  ChangedAuthors,
  FetchOptions,
  IdentifiedWork,
  IdentifierKind,
  MetadataNotFoundError,
  MetadataNotReadyError,
  MetadataSource,
  RemoteAuthor,
  RemoteBook,
  RemoteEdition,
  RemoteSeries,
} from '../metadata-source';
import { MetadataSourceSettingsService } from '../metadata-source-settings.service';
import { isbn10To13, normaliseIsbn } from '../open-library/open-library.parsing';
import { indexSeries, mapAuthor, mapEdition, mapSeries, mapWork } from './book-info.mapper';
import type { BiAuthor, BiBulk, BiRecentUpdates, BiSearchHit, BiSeries, BiWork } from './book-info.types';
import { RecentAnswers } from './recent-answers';

const NUMERIC_ID = /^\d{1,12}$/;
const ASIN = /^[0-9A-Z]{10}$/;
/** Editions hydrated per `GET /book/bulk` (each id is one query parameter). */
const BULK_BATCH = 20;
/** Identifier look-ups are one request each in this protocol: bound what one call may ask. */
const MAX_IDENTIFIER_LOOKUPS = 500;

/**
 * Readarr's BookInfo protocol (rreading-glasses and other servers) behind the MetadataSource interface.
 * Ids are the server's numbers as strings. Every call goes through the metadata HTTP client (rate limit,
 * timeouts, retries, bounded cache); a 202/empty answer surfaces as MetadataNotReadyError and is never cached.
 */
@Injectable()
export class BookInfoSource implements MetadataSource {
  readonly name = 'BookInfo';
  /** A refresh asks for the author, then its works: the author's answer is kept for the works call (once). */
  private readonly recentAuthors = new RecentAnswers<BiAuthor>(10_000, 50);
  /** An author answer carries each work's editions: remembered briefly so a refresh asks once per author. */
  private readonly recentEditions = new RecentAnswers<RemoteEdition[]>(2 * 60_000, 5_000);

  constructor(
    private readonly http: MetadataHttpClient,
    private readonly settingsService: MetadataSourceSettingsService,
  ) {}

  async searchAuthors(query: string, limit = 10): Promise<RemoteAuthor[]> {
    const hits = await this.search(query);
    const authorIds = [...new Set(hits.map((hit) => hit.author?.id).filter((id): id is number => !!id))];
    if (!authorIds.length) return [];
    const bulk = await this.bulk(hits.map((hit) => hit.bookId));
    const byId = new Map((bulk.Authors ?? []).map((author) => [author.ForeignId, author]));
    return authorIds
      .map((id) => byId.get(id))
      .filter((author): author is BiAuthor => !!author)
      .slice(0, limit)
      .map(mapAuthor);
  }

  async searchBooks(query: BookSearchQuery, limit = 20): Promise<RemoteBook[]> {
    if (query.identifier?.kind === 'asin')
      return this.bookOfEdition(await this.getEditionByAsin(query.identifier.value));
    if (query.isbn) return this.bookOfEdition(await this.getEditionByIsbn(query.isbn));
    const authorKey = /^author_key:(\d+)$/.exec(query.q ?? '');
    if (authorKey) return (await this.getAuthorWorks(authorKey[1])).slice(0, limit);
    const text = query.q ?? [query.title, query.author].filter(Boolean).join(' ');
    const hits = await this.search(text);
    if (!hits.length) return [];
    const bulk = await this.bulk(hits.slice(0, limit).map((hit) => hit.bookId));
    const series = indexSeries(bulk.Series, ...(bulk.Authors ?? []).map((author) => author.Series));
    const authors = new Map((bulk.Authors ?? []).map((author) => [author.ForeignId, author]));
    const order = new Map(hits.map((hit, index) => [hit.workId, index]));
    return (bulk.Works ?? [])
      .sort((a, b) => (order.get(a.ForeignId) ?? 1e9) - (order.get(b.ForeignId) ?? 1e9))
      .map((work) => mapWork(work, series, authors.get(work.Authors?.[0]?.ForeignId ?? -1)));
  }

  async getAuthor(foreignAuthorId: string, options: FetchOptions = {}): Promise<RemoteAuthor> {
    return mapAuthor(await this.fetchAuthor(foreignAuthorId, options));
  }

  async getAuthorWorks(foreignAuthorId: string, options: FetchOptions = {}): Promise<RemoteBook[]> {
    const author = this.recentAuthors.take(foreignAuthorId) ?? (await this.fetchAuthor(foreignAuthorId, options));
    // An author without works is one the server has not finished loading (rreading-glasses fills large authors
    // in the background): not an answer that may empty a library.
    if (!author.Works?.length) throw new MetadataNotReadyError(this.name, `Author ${foreignAuthorId}`);
    const series = indexSeries(author.Series);
    return author.Works.map((work) => {
      const book = mapWork(work, series, author);
      if (book.editions?.length) this.recentEditions.remember(book.foreignBookId, book.editions);
      return { ...book, editions: undefined };
    });
  }

  async getWork(foreignBookId: string, options: FetchOptions = {}): Promise<RemoteBook> {
    const work = await this.fetchWork(foreignBookId, options);
    const book = mapWork(work, indexSeries(...(work.Authors ?? []).map((author) => author.Series)));
    return { ...book, editions: undefined };
  }

  async getEditions(foreignBookId: string, options: FetchOptions = {}): Promise<RemoteEdition[]> {
    const recent = this.recentEditions.get(foreignBookId);
    if (recent) return recent;
    const work = await this.fetchWork(foreignBookId, options);
    return (work.Books ?? []).map((book) => mapEdition(book, String(work.ForeignId)));
  }

  async getEdition(foreignEditionId: string, options: FetchOptions = {}): Promise<RemoteEdition> {
    if (!NUMERIC_ID.test(foreignEditionId)) throw new MetadataNotFoundError('edition', foreignEditionId);
    const edition = await this.editionAt(
      `/book/${foreignEditionId}`,
      options,
      (book) => book.ForeignId === +foreignEditionId,
    );
    if (!edition) throw new MetadataNotFoundError('edition', foreignEditionId);
    return edition;
  }

  async getEditionByIsbn(isbn: string, options: FetchOptions = {}): Promise<RemoteEdition | undefined> {
    const normalised = normaliseIsbn(isbn);
    if (normalised.length !== 10 && normalised.length !== 13) return undefined;
    return this.editionAt(
      `/book/isbn/${normalised}`,
      options,
      (book) => book.Isbn13 === (normalised.length === 13 ? normalised : isbn10To13(normalised)),
    );
  }

  async getEditionByAsin(asin: string, options: FetchOptions = {}): Promise<RemoteEdition | undefined> {
    const value = asin.trim().toUpperCase();
    if (!ASIN.test(value)) return undefined;
    return this.editionAt(`/book/asin/${value}`, options, (book) => book.Asin?.toUpperCase() === value);
  }

  /** Works of many editions at once (`GET /book/bulk`), in batches; unknown ids are left out. */
  async getBooksBulk(foreignEditionIds: string[]): Promise<RemoteBook[]> {
    const ids = [...new Set(foreignEditionIds.filter((id) => NUMERIC_ID.test(id)).map(Number))];
    const books: RemoteBook[] = [];
    for (let start = 0; start < ids.length; start += BULK_BATCH) {
      const bulk = await this.bulk(ids.slice(start, start + BULK_BATCH));
      const series = indexSeries(bulk.Series, ...(bulk.Authors ?? []).map((author) => author.Series));
      const authors = new Map((bulk.Authors ?? []).map((author) => [author.ForeignId, author]));
      for (const work of bulk.Works ?? [])
        books.push(mapWork(work, series, authors.get(work.Authors?.[0]?.ForeignId ?? -1)));
    }
    return books;
  }

  /**
   * Identifier search, one look-up per value (the protocol has no batch form): Goodreads ids are edition ids of
   * a Goodreads-backed server; ISBNs and ASINs go through their routes.
   */
  async findWorksByIdentifiers(kind: IdentifierKind, values: string[]): Promise<IdentifiedWork[]> {
    const found = new Map<string, IdentifiedWork>();
    for (const value of [...new Set(values.map((v) => v.trim()).filter(Boolean))].slice(0, MAX_IDENTIFIER_LOOKUPS)) {
      const edition = await this.editionByIdentifier(kind, value).catch((error: unknown) => {
        if (error instanceof MetadataNotFoundError || error instanceof MetadataNotReadyError) return undefined;
        throw error;
      });
      if (!edition?.foreignBookId) continue;
      let entry = found.get(edition.foreignBookId);
      if (!entry) {
        const book = await this.getWork(edition.foreignBookId);
        entry = { book, identifiers: { goodreads: [], isbn: [], asin: [] } };
        found.set(edition.foreignBookId, entry);
      }
      entry.identifiers[kind].push(value);
    }
    return [...found.values()];
  }

  async getSeries(foreignSeriesId: string, options: FetchOptions = {}): Promise<RemoteSeries> {
    if (!NUMERIC_ID.test(foreignSeriesId)) throw new MetadataNotFoundError('series', foreignSeriesId);
    const series = await this.get<BiSeries>(`/series/${foreignSeriesId}`, options);
    if (!series) throw new MetadataNotFoundError('series', foreignSeriesId);
    return mapSeries(series);
  }

  /** The "changed" feed: authors updated since `since` (rreading-glasses always answers `Limited`). */
  async getChangedAuthors(since: Date): Promise<ChangedAuthors> {
    const answer = await this.get<BiRecentUpdates>(
      `/author/changed?${new URLSearchParams({ since: since.toISOString() }).toString()}`,
      { fresh: true, store: false },
    );
    return { limited: answer?.Limited ?? true, ids: (answer?.Ids ?? []).map(String) };
  }

  async ping(): Promise<void> {
    const { apiBase, identity } = await this.call();
    await this.http.getJson(
      `${apiBase}/author/changed?since=${encodeURIComponent(new Date().toISOString())}`,
      identity,
      {
        fresh: true,
        store: false,
        retries: 1,
        timeoutMs: 5_000,
      },
    );
  }

  private async fetchAuthor(foreignAuthorId: string, options: FetchOptions): Promise<BiAuthor> {
    if (!NUMERIC_ID.test(foreignAuthorId)) throw new MetadataNotFoundError('author', foreignAuthorId);
    const author = await this.get<BiAuthor>(`/author/${foreignAuthorId}`, options);
    if (!author?.ForeignId) throw new MetadataNotFoundError('author', foreignAuthorId);
    this.recentAuthors.remember(foreignAuthorId, author);
    return author;
  }

  private async fetchWork(foreignBookId: string, options: FetchOptions): Promise<BiWork> {
    if (!NUMERIC_ID.test(foreignBookId)) throw new MetadataNotFoundError('work', foreignBookId);
    const work = await this.get<BiWork>(`/work/${foreignBookId}`, options);
    if (!work?.ForeignId) throw new MetadataNotFoundError('work', foreignBookId);
    return work;
  }

  /**
   * `/book/…` routes redirect (303) to the author with only that edition's work, or to the work; either shape is
   * read, and the edition the predicate picks is returned with its work id.
   */
  private async editionAt(
    path: string,
    options: FetchOptions,
    pick: (book: NonNullable<BiWork['Books']>[number]) => boolean,
  ): Promise<RemoteEdition | undefined> {
    const answer = await this.get<BiAuthor & BiWork>(path, options);
    if (!answer) return undefined;
    const works: BiWork[] = answer.Works ?? (answer.Books ? [answer] : []);
    for (const work of works) {
      const books = work.Books ?? [];
      const book = books.find(pick) ?? (works.length === 1 && books.length === 1 ? books[0] : undefined);
      if (book) return mapEdition(book, String(work.ForeignId));
    }
    return undefined;
  }

  private editionByIdentifier(kind: IdentifierKind, value: string): Promise<RemoteEdition | undefined> {
    switch (kind) {
      case 'goodreads':
        return this.getEdition(value);
      case 'isbn':
        return this.getEditionByIsbn(value);
      case 'asin':
        return this.getEditionByAsin(value);
    }
  }

  private async bookOfEdition(edition: RemoteEdition | undefined): Promise<RemoteBook[]> {
    if (!edition?.foreignBookId) return [];
    const work = await this.getWork(edition.foreignBookId);
    return [{ ...work, editions: [edition], coverEditionId: edition.foreignEditionId }];
  }

  private async search(query: string): Promise<BiSearchHit[]> {
    const q = query.trim();
    if (!q) return [];
    const hits = await this.get<BiSearchHit[]>(`/search?${new URLSearchParams({ q }).toString()}`, {});
    return Array.isArray(hits) ? hits.filter((hit) => hit.bookId > 0 && hit.workId > 0) : [];
  }

  private async bulk(editionIds: number[]): Promise<BiBulk> {
    const ids = [...new Set(editionIds)].slice(0, BULK_BATCH);
    if (!ids.length) return {};
    const query = new URLSearchParams(ids.map((id) => ['id', String(id)]));
    return (await this.get<BiBulk>(`/book/bulk?${query.toString()}`, {})) ?? {};
  }

  private async get<T>(pathAndQuery: string, options: FetchOptions & { store?: boolean }): Promise<T | undefined> {
    const { apiBase, identity } = await this.call();
    return this.http.getJson<T>(`${apiBase}${pathAndQuery}`, identity, options);
  }

  private async call(): Promise<{ apiBase: string; identity: RequestIdentity }> {
    const settings = await this.settingsService.resolve();
    return {
      apiBase: settings.apiBase,
      identity: { sourceName: this.name, userAgent: settings.userAgent, requestsPerMinute: settings.requestsPerMinute },
    };
  }
}
