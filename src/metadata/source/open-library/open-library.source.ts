import { Injectable } from '@nestjs/common';
import { MetadataHttpClient, RequestIdentity } from '../http/metadata-http.client';
import {
  BookSearchQuery,
  FetchOptions,
  IdentifiedWork,
  IDENTIFIER_BATCH,
  IdentifierKind,
  MetadataNotFoundError,
  MetadataSource,
  RemoteAuthor,
  RemoteBook,
  RemoteEdition,
} from '../metadata-source';
import { MetadataSourceSettings, MetadataSourceSettingsService } from '../metadata-source-settings.service';
import { mapAuthor, mapAuthorSearchDoc, mapEdition, mapWork, mapWorkSearchDoc } from './open-library.mapper';
import { normaliseIsbn, olId } from './open-library.parsing';
import type {
  OlAuthor,
  OlAuthorSearchDoc,
  OlEdition,
  OlEditionsPage,
  OlSearchResponse,
  OlWork,
  OlWorkSearchDoc,
  OlWorksPage,
} from './open-library.types';

/** Fields asked of `/search.json`: enough for a BookResource and the popularity number. */
export const WORK_SEARCH_FIELDS = [
  'key',
  'title',
  'subtitle',
  'author_key',
  'author_name',
  'first_publish_year',
  'edition_count',
  'cover_i',
  'cover_edition_key',
  'language',
  'subject',
  'ratings_average',
  'ratings_count',
  'want_to_read_count',
  'already_read_count',
  'currently_reading_count',
].join(',');

const PAGE_SIZE = 100;
const IDENTIFIER_FIELDS: Record<IdentifierKind, 'id_goodreads' | 'isbn' | 'id_amazon'> = {
  goodreads: 'id_goodreads',
  isbn: 'isbn',
  asin: 'id_amazon',
};
/** Bounds of one author's bibliography / one work's editions, so a refresh stays bounded (Austen has thousands). */
export const MAX_WORKS_PER_AUTHOR = 1000;
export const MAX_EDITIONS_PER_WORK = 500;

const AUTHOR_ID = /^OL\d+A$/;
const WORK_ID = /^OL\d+W$/;
const EDITION_ID = /^OL\d+M$/;

interface Call {
  settings: MetadataSourceSettings;
  identity: RequestIdentity;
}

/** Open Library behind the MetadataSource interface. */
@Injectable()
export class OpenLibrarySource implements MetadataSource {
  readonly name = 'Open Library';

  constructor(
    private readonly http: MetadataHttpClient,
    private readonly settingsService: MetadataSourceSettingsService,
  ) {}

  async searchAuthors(query: string, limit = 10): Promise<RemoteAuthor[]> {
    const call = await this.call();
    const response = await this.get<OlSearchResponse<OlAuthorSearchDoc>>(call, '/search/authors.json', {
      q: query,
      limit: String(limit),
    });
    return (response?.docs ?? []).map((doc) => mapAuthorSearchDoc(doc, call.settings.coverBase));
  }

  async searchBooks(query: BookSearchQuery, limit = 20): Promise<RemoteBook[]> {
    const call = await this.call();
    const params: Record<string, string> = { fields: WORK_SEARCH_FIELDS, limit: String(limit) };
    if (query.identifier?.kind === 'asin') params.q = `id_amazon:${query.identifier.value}`;
    else if (query.q) params.q = query.q;
    if (query.title) params.title = query.title;
    if (query.author) params.author = query.author;
    if (query.isbn) params.isbn = normaliseIsbn(query.isbn);
    const response = await this.get<OlSearchResponse<OlWorkSearchDoc>>(call, '/search.json', params);
    return (response?.docs ?? []).map((doc) => mapWorkSearchDoc(doc, call.settings.coverBase));
  }

  async findWorksByIdentifiers(kind: IdentifierKind, values: string[]): Promise<IdentifiedWork[]> {
    const call = await this.call();
    const field = IDENTIFIER_FIELDS[kind];
    const clean = [...new Set(values.map((value) => value.trim()).filter((value) => /^[0-9A-Za-z]+$/.test(value)))];
    const found = new Map<string, IdentifiedWork>();
    for (let start = 0; start < clean.length; start += IDENTIFIER_BATCH) {
      const batch = clean.slice(start, start + IDENTIFIER_BATCH);
      // Not kept in the response cache: a migration's batches are asked once and the caller keeps the matches.
      const response = await this.get<OlSearchResponse<OlWorkSearchDoc>>(
        call,
        '/search.json',
        {
          q: `${field}:(${batch.join(' OR ')})`,
          fields: `${WORK_SEARCH_FIELDS},id_goodreads,isbn,id_amazon`,
          limit: String(batch.length * 2),
        },
        { store: false },
      );
      for (const doc of response?.docs ?? []) {
        if (found.has(doc.key)) continue;
        found.set(doc.key, {
          book: mapWorkSearchDoc(doc, call.settings.coverBase),
          identifiers: { goodreads: doc.id_goodreads ?? [], isbn: doc.isbn ?? [], asin: doc.id_amazon ?? [] },
        });
      }
    }
    return [...found.values()];
  }

  async getAuthor(foreignAuthorId: string, options: FetchOptions = {}): Promise<RemoteAuthor> {
    const id = foreignAuthorId.toUpperCase();
    if (!AUTHOR_ID.test(id)) throw new MetadataNotFoundError('author', foreignAuthorId);
    const call = await this.call();
    const author = await this.getFollowingRedirect<OlAuthor>(call, `/authors/${id}.json`, options);
    if (!author) throw new MetadataNotFoundError('author', foreignAuthorId);
    const stats = await this.get<OlSearchResponse<OlAuthorSearchDoc>>(
      call,
      '/search/authors.json',
      { q: `key:/authors/${olId(author.key)}`, limit: '1' },
      options,
    );
    const doc = stats?.docs?.find((candidate) => olId(candidate.key) === olId(author.key));
    return mapAuthor(author, call.settings.coverBase, doc);
  }

  async getAuthorWorks(foreignAuthorId: string, options: FetchOptions = {}): Promise<RemoteBook[]> {
    const id = foreignAuthorId.toUpperCase();
    if (!AUTHOR_ID.test(id)) throw new MetadataNotFoundError('author', foreignAuthorId);
    const call = await this.call();
    const works: OlWork[] = [];
    for (let offset = 0; offset < MAX_WORKS_PER_AUTHOR; offset += PAGE_SIZE) {
      const page = await this.get<OlWorksPage>(
        call,
        `/authors/${id}/works.json`,
        { limit: String(PAGE_SIZE), offset: String(offset) },
        options,
      );
      if (!page) {
        if (offset === 0) throw new MetadataNotFoundError('author', foreignAuthorId);
        break;
      }
      const entries = page.entries ?? [];
      works.push(...entries);
      if (entries.length < PAGE_SIZE || works.length >= (page.size ?? 0)) break;
    }
    const stats = new Map<string, OlWorkSearchDoc>();
    for (let offset = 0; offset < MAX_WORKS_PER_AUTHOR; offset += PAGE_SIZE) {
      const page = await this.get<OlSearchResponse<OlWorkSearchDoc>>(
        call,
        '/search.json',
        { q: `author_key:${id}`, fields: WORK_SEARCH_FIELDS, limit: String(PAGE_SIZE), offset: String(offset) },
        options,
      );
      const docs = page?.docs ?? [];
      for (const doc of docs) stats.set(olId(doc.key), doc);
      if (docs.length < PAGE_SIZE) break;
    }
    const seen = new Set<string>();
    const books: RemoteBook[] = [];
    for (const work of works) {
      const workId = olId(work.key);
      if (seen.has(workId) || work.type?.key === '/type/redirect' || work.type?.key === '/type/delete') continue;
      seen.add(workId);
      const book = mapWork(work, call.settings.coverBase, stats.get(workId));
      if (!book.authors.some((author) => author.foreignAuthorId === id)) book.authors.unshift({ foreignAuthorId: id });
      books.push(book);
    }
    return books;
  }

  async getWork(foreignBookId: string, options: FetchOptions = {}): Promise<RemoteBook> {
    const id = foreignBookId.toUpperCase();
    if (!WORK_ID.test(id)) throw new MetadataNotFoundError('work', foreignBookId);
    const call = await this.call();
    const work = await this.getFollowingRedirect<OlWork>(call, `/works/${id}.json`, options);
    if (!work) throw new MetadataNotFoundError('work', foreignBookId);
    const stats = await this.get<OlSearchResponse<OlWorkSearchDoc>>(
      call,
      '/search.json',
      { q: `key:/works/${olId(work.key)}`, fields: WORK_SEARCH_FIELDS, limit: '1' },
      options,
    );
    return mapWork(
      work,
      call.settings.coverBase,
      stats?.docs?.find((doc) => olId(doc.key) === olId(work.key)),
    );
  }

  async getEditions(foreignBookId: string, options: FetchOptions = {}): Promise<RemoteEdition[]> {
    const id = foreignBookId.toUpperCase();
    if (!WORK_ID.test(id)) throw new MetadataNotFoundError('work', foreignBookId);
    const call = await this.call();
    const editions: RemoteEdition[] = [];
    for (let offset = 0; offset < MAX_EDITIONS_PER_WORK; offset += PAGE_SIZE) {
      const page = await this.get<OlEditionsPage>(
        call,
        `/works/${id}/editions.json`,
        { limit: String(PAGE_SIZE), offset: String(offset) },
        options,
      );
      if (!page) {
        if (offset === 0) throw new MetadataNotFoundError('work', foreignBookId);
        break;
      }
      const entries = page.entries ?? [];
      for (const entry of entries) {
        if (entry.type?.key && entry.type.key !== '/type/edition') continue;
        editions.push({ ...mapEdition(entry, call.settings.coverBase), foreignBookId: id });
      }
      if (entries.length < PAGE_SIZE || offset + entries.length >= (page.size ?? 0)) break;
    }
    return editions;
  }

  async getEdition(foreignEditionId: string, options: FetchOptions = {}): Promise<RemoteEdition> {
    const id = foreignEditionId.toUpperCase();
    if (!EDITION_ID.test(id)) throw new MetadataNotFoundError('edition', foreignEditionId);
    const call = await this.call();
    const edition = await this.getFollowingRedirect<OlEdition>(call, `/books/${id}.json`, options);
    if (!edition) throw new MetadataNotFoundError('edition', foreignEditionId);
    return mapEdition(edition, call.settings.coverBase);
  }

  async getEditionByIsbn(isbn: string, options: FetchOptions = {}): Promise<RemoteEdition | undefined> {
    const normalised = normaliseIsbn(isbn);
    if (normalised.length !== 10 && normalised.length !== 13) return undefined;
    const call = await this.call();
    // Open Library answers /isbn/{isbn}.json with a redirect to /books/{OL…M}.json; fetch follows it.
    const edition = await this.get<OlEdition>(call, `/isbn/${normalised}.json`, {}, options);
    return edition?.key ? mapEdition(edition, call.settings.coverBase) : undefined;
  }

  async ping(): Promise<void> {
    const call = await this.call();
    const url = `${call.settings.apiBase}/search/authors.json?q=tolkien&limit=1&fields=key`;
    await this.http.getJson(url, call.identity, { fresh: true, retries: 1, timeoutMs: 5_000 });
  }

  private async call(): Promise<Call> {
    const settings = await this.settingsService.resolve();
    return {
      settings,
      identity: { sourceName: this.name, userAgent: settings.userAgent, requestsPerMinute: settings.requestsPerMinute },
    };
  }

  private get<T>(
    call: Call,
    path: string,
    query: Record<string, string> = {},
    options: FetchOptions & { store?: boolean } = {},
  ) {
    const search = new URLSearchParams(query).toString();
    const url = `${call.settings.apiBase}${path}${search ? `?${search}` : ''}`;
    return this.http.getJson<T>(url, call.identity, options);
  }

  /** Merged records become `{type: /type/redirect, location: /works/OL…W}`; follow at most two hops. */
  private async getFollowingRedirect<T extends { type?: { key: string }; location?: string }>(
    call: Call,
    path: string,
    options: FetchOptions,
  ): Promise<T | undefined> {
    let record = await this.get<T>(call, path, {}, options);
    for (let hop = 0; hop < 2 && record?.type?.key === '/type/redirect' && record.location; hop++)
      record = await this.get<T>(call, `${record.location}.json`, {}, options);
    return record?.type?.key === '/type/redirect' || record?.type?.key === '/type/delete' ? undefined : record;
  }
}
