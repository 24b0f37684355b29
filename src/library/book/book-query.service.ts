import { Injectable } from '@nestjs/common';
import { AuthorQueryService } from '../author/author-query.service';
import type { AuthorResource } from '../author/author.resource';
import { NotFoundError } from '../../platform/common/errors/domain-errors';
import { EnvService } from '../../platform/env/env.service';
import { LibraryResponseCache } from '../library-cache/library-response-cache';
import type { ListRecorder } from '../library-cache/body-recorder';
import type { ListItem } from '../library-cache/patchable-list';
import { bookRowJson } from './book-json';
import { withAuthor } from './book.mapper';
import { BookRecordRepository } from './book-record.repository';
import { type BookJsonRow, BookRepository } from './book.repository';
import type { BookListQuery, BookResource } from './book.resource';
import { Edition } from './edition.entity';

/** An answer's body as the pieces to send, and its Content-Encoding when it is sent already compressed. */
export interface ListAnswer {
  contentEncoding?: 'gzip';
  chunks: AsyncIterator<string | Buffer> | Iterator<string | Buffer>;
}

/** Books per string written while streaming the whole library (~60 KB). */
const WRITE_CHUNK_ROWS = 100;

/**
 * Reading books: projected rows as resources (one query per list), the whole-library `GET /book` streamed from
 * the cache or in batches, overviews and editions. Writes are BookCommandService's.
 */
@Injectable()
export class BookQueryService {
  constructor(
    private readonly repository: BookRepository,
    private readonly records: BookRecordRepository,
    private readonly authors: AuthorQueryService,
    private readonly env: EnvService,
    private readonly cache: LibraryResponseCache,
  ) {}

  /** Projected rows as resources; `includeAuthor` adds each book's author (one more constant set of queries). */
  async resources(rows: BookJsonRow[], includeAuthor = false): Promise<BookResource[]> {
    const books = this.jsonTexts(rows).map((text) => JSON.parse(text) as BookResource);
    return includeAuthor ? this.attachAuthors(books) : books;
  }

  /** Books as one JSON array text, never parsed in JavaScript (the whole-library `GET /book`). */
  private async json(rows: Promise<BookJsonRow[]>): Promise<string> {
    return this.jsonArray(await rows);
  }

  /** The wire JSON of these rows as one array text, the same as `resources` would serialise to. */
  jsonArray(rows: BookJsonRow[]): string {
    return `[${this.jsonTexts(rows).join(',')}]`;
  }

  private jsonTexts(rows: BookJsonRow[]): string[] {
    const urlBase = this.env.get('URL_BASE');
    const now = Date.now();
    return rows.map((row) => bookRowJson(row, urlBase, now));
  }

  async attachAuthors(books: BookResource[]): Promise<BookResource[]> {
    if (books.length === 0) return books;
    const ids = [...new Set(books.map((book) => book.authorId!))];
    const authors = await this.authors.resources(ids);
    const byId = new Map<number, AuthorResource>(authors.map((author) => [author.id!, author]));
    return books.map((book) => withAuthor(book, byId));
  }

  /** GET /book with Readarr's filter precedence: authorId, then titleSlug, then bookIds, else everything. */
  async listJson(query: BookListQuery): Promise<string> {
    if (query.authorId !== undefined) return this.json(this.repository.findRowsByAuthor(query.authorId));
    if (query.titleSlug) {
      const book = await this.records.findByTitleSlug(query.titleSlug);
      if (!book) return '[]';
      if (query.includeAllAuthorBooks) return this.json(this.repository.findRowsByAuthor(book.authorId));
      return this.json(this.repository.findRowsById(book.id));
    }
    if (query.bookIds?.length) return this.json(this.repository.findRowsByIds(query.bookIds));
    return this.json(this.repository.findAllRows());
  }

  /**
   * GET /book's answer. Filtered lists in one piece; the whole library from the cache while the library is
   * unchanged (or patched since), gzip-compressed from the cache's own compressed copy when the client takes gzip
   * (compressing 56 MB for each request cost half a second of CPU); otherwise built in id-range batches (each one
   * indexed query), so memory stays bounded by one batch (plus the cached copy) whatever the library size.
   */
  async listAnswer(query: BookListQuery, acceptsGzip = false, batchSize = 2000): Promise<ListAnswer> {
    const filtered =
      query.authorId !== undefined || !!query.titleSlug || (query.bookIds !== undefined && query.bookIds.length > 0);
    if (filtered) return { chunks: [await this.listJson(query)].values() };
    const lookup = await this.cache.lookupList('book', (ids, at) => this.renderBooks(ids, at));
    if (lookup.cached && acceptsGzip) return { contentEncoding: 'gzip', chunks: (await lookup.cached.gzip()).values() };
    if (lookup.cached) return { chunks: lookup.cached.body().values() };
    return { chunks: this.buildWholeLibrary(lookup.recorder, lookup.now, batchSize) };
  }

  /** GET /book as JSON chunks (see listAnswer). */
  async *listJsonChunks(query: BookListQuery, batchSize = 2000): AsyncGenerator<string | Buffer> {
    const { chunks } = await this.listAnswer(query, false, batchSize);
    yield* { [Symbol.asyncIterator]: () => chunks } as AsyncIterable<string | Buffer>;
  }

  private async *buildWholeLibrary(recorder: ListRecorder, now: number, batchSize: number) {
    try {
      let first = true;
      for await (const items of this.wholeLibraryItems(now, batchSize)) {
        const bytes = recorder.add(items);
        if (items.length === 0) continue;
        yield first ? '[' : ',';
        yield bytes;
        first = false;
      }
      yield first ? '[]' : ']';
      recorder.finish();
    } finally {
      recorder.abandon(); // a client gone mid-list: nothing cached, and requests waiting for it build their own
    }
  }

  /** The wire JSON of these books as they are now (for patching the cached list); missing ids are gone. */
  private async renderBooks(ids: number[], now: number): Promise<ListItem[]> {
    if (ids.length === 0) return [];
    const urlBase = this.env.get('URL_BASE');
    const rows = await this.repository.findRowsByIds(ids);
    return rows.map((row) => ({ id: row.id, json: bookRowJson(row, urlBase, now) }));
  }

  /**
   * Every book in keyset batches: the next `batchSize` ids after the last one sent (a bounded id range, so
   * the per-book series aggregate stays within the batch too). One query per batch, none extra.
   */
  private async *wholeLibraryItems(now: number, batchSize: number): AsyncGenerator<ListItem[]> {
    const batch = (after: number) => {
      const rows = this.repository.findRowsAfter(after, batchSize);
      rows.catch(() => undefined); // a client gone mid-list leaves the prefetch unawaited: not an unhandled rejection
      return rows;
    };
    const urlBase = this.env.get('URL_BASE');
    let last = 0;
    let pending = batch(last);
    for (;;) {
      const rows = await pending;
      if (rows.length === 0) break;
      last = rows[rows.length - 1].id;
      // The next batch is fetched while this one is written: PostgreSQL and Node overlap.
      if (rows.length === batchSize) pending = batch(last);
      // Written in small pieces: short-lived strings stay in V8's young generation instead of piling up,
      // megabytes each, in large-object space until a full GC (peak RSS under concurrent lists).
      for (let start = 0; start < rows.length; start += WRITE_CHUNK_ROWS) {
        yield rows
          .slice(start, start + WRITE_CHUNK_ROWS)
          .map((row) => ({ id: row.id, json: bookRowJson(row, urlBase, now) }));
      }
      if (rows.length < batchSize) break;
    }
  }

  async resource(id: number, includeAuthor = true): Promise<BookResource> {
    const [book] = await this.resources(await this.repository.findRowsById(id), includeAuthor);
    if (!book) throw new NotFoundError(`Book with ID ${id} does not exist`);
    return book;
  }

  async byIds(ids: number[]): Promise<BookResource[]> {
    if (ids.length === 0) return [];
    return this.resources(await this.repository.findRowsByIds(ids));
  }

  async overview(id: number): Promise<{ id: number; overview?: string }> {
    const row = await this.repository.overview(id);
    if (!row) throw new NotFoundError(`Book with ID ${id} does not exist`);
    return { id: row.id, overview: row.overview ?? undefined };
  }

  async editionsOf(bookIds: number[]): Promise<Edition[]> {
    if (bookIds.length === 0) return [];
    return this.records.findEditionsOfBooks(bookIds);
  }
}
