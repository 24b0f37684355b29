import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import { rm } from 'node:fs/promises';
import { In, Repository } from 'typeorm';
import { AuthorService } from '../author/author.service';
import type { AuthorResource } from '../author/author.resource';
import { NotFoundError, ValidationError } from '../common/errors/domain-errors';
import { EnvService } from '../env/env.service';
import { ImportListExclusionService } from '../import-list-exclusion/import-list-exclusion.service';
import { LibraryResponseCache } from '../library-cache/library-response-cache';
import { Book } from './book.entity';
import { BookDeletedEvent, BookEditedEvent } from './book.events';
import { bookRowJson } from './book-json';
import { withAuthor } from './book.mapper';
import { type BookJsonRow, BookRepository } from './book.repository';
import type { BookListQuery, BookResource } from './book.resource';
import { Edition } from './edition.entity';
import type { EditionResource } from './edition.resource';

export interface BookUpdateInput {
  monitored?: boolean;
  anyEditionOk?: boolean;
  editions?: EditionResource[];
}

/** Books per string written while streaming the whole library (~60 KB). */
const WRITE_CHUNK_ROWS = 100;

/** Book reads (projected, one query per list) and edits. */
@Injectable()
export class BookService {
  private readonly logger = new Logger(BookService.name);

  constructor(
    private readonly repository: BookRepository,
    @InjectRepository(Book) private readonly books: Repository<Book>,
    @InjectRepository(Edition) private readonly editions: Repository<Edition>,
    private readonly authors: AuthorService,
    private readonly exclusions: ImportListExclusionService,
    private readonly events: EventEmitter2,
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
    return `[${this.jsonTexts(await rows).join(',')}]`;
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
      const book = await this.books.findOneBy({ titleSlug: query.titleSlug });
      if (!book) return '[]';
      if (query.includeAllAuthorBooks) return this.json(this.repository.findRowsByAuthor(book.authorId));
      return this.json(this.repository.findRowsById(book.id));
    }
    if (query.bookIds?.length) return this.json(this.repository.findRowsByIds(query.bookIds));
    return this.json(this.repository.findAllRows());
  }

  /**
   * GET /book as JSON chunks: filtered lists in one piece; the whole library from the cache while the
   * library is unchanged, otherwise in id-range batches (each one indexed query), so memory stays bounded
   * by one batch (plus the cached copy) whatever the library size.
   */
  async *listJsonChunks(query: BookListQuery, batchSize = 2000): AsyncGenerator<string | Buffer> {
    const filtered =
      query.authorId !== undefined || !!query.titleSlug || (query.bookIds !== undefined && query.bookIds.length > 0);
    if (filtered) {
      yield await this.listJson(query);
      return;
    }
    const { cached, now, recorder } = await this.cache.lookup('book');
    if (cached) {
      yield* cached;
      return;
    }
    try {
      for await (const chunk of this.wholeLibraryJson(now, batchSize)) yield recorder.add(chunk);
      recorder.finish();
    } finally {
      recorder.abandon(); // a client gone mid-list: nothing cached, and requests waiting for it build their own
    }
  }

  /**
   * Every book in keyset batches: the next `batchSize` ids after the last one sent (a bounded id range, so
   * the per-book series aggregate stays within the batch too). One query per batch, none extra.
   */
  private async *wholeLibraryJson(now: number, batchSize: number): AsyncGenerator<string> {
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
      const first = last === 0;
      last = rows[rows.length - 1].id;
      // The next batch is fetched while this one is written: PostgreSQL and Node overlap.
      if (rows.length === batchSize) pending = batch(last);
      // Written in small pieces: short-lived strings stay in V8's young generation instead of piling up,
      // megabytes each, in large-object space until a full GC (peak RSS under concurrent lists).
      for (let start = 0; start < rows.length; start += WRITE_CHUNK_ROWS) {
        const piece = rows.slice(start, start + WRITE_CHUNK_ROWS).map((row) => bookRowJson(row, urlBase, now));
        yield (first && start === 0 ? '[' : ',') + piece.join(',');
      }
      if (rows.length < batchSize) break;
    }
    yield last > 0 ? ']' : '[]';
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

  async findById(id: number): Promise<Book> {
    const book = await this.books.findOneBy({ id });
    if (!book) throw new NotFoundError(`Book with ID ${id} does not exist`);
    return book;
  }

  async overview(id: number): Promise<{ id: number; overview?: string }> {
    const row = await this.repository.overview(id);
    if (!row) throw new NotFoundError(`Book with ID ${id} does not exist`);
    return { id: row.id, overview: row.overview ?? undefined };
  }

  /** PUT /book: monitored, anyEditionOk and which edition is monitored (exactly one). */
  async update(id: number, input: BookUpdateInput): Promise<void> {
    const book = await this.findById(id);
    if (!input.editions) {
      throw ValidationError.of('editions', "'Editions' must not be empty.", input.editions, 'NotEmptyValidator');
    }
    const editions = await this.editions.findBy({ bookId: id });
    const wanted = input.editions.find((edition) => edition.monitored && editions.some((e) => e.id === edition.id));
    if (input.monitored !== undefined) book.monitored = input.monitored;
    if (input.anyEditionOk !== undefined) book.anyEditionOk = input.anyEditionOk;
    await this.repository.saveMonitoringEdition(book, wanted?.id);
    this.events.emit(BookEditedEvent.NAME, new BookEditedEvent([id]));
  }

  async setMonitored(ids: number[], monitored: boolean): Promise<void> {
    if (ids.length === 0) return;
    await this.books.update({ id: In(ids) }, { monitored });
    this.events.emit(BookEditedEvent.NAME, new BookEditedEvent(ids));
  }

  async delete(id: number, options: { deleteFiles?: boolean; addImportListExclusion?: boolean }): Promise<void> {
    const book = await this.findById(id);
    const paths = await this.repository.deleteWithFiles(id);
    if (options.deleteFiles) {
      for (const path of paths) {
        await rm(path, { force: true }).catch((error: Error) =>
          this.logger.warn(`Could not delete '${path}': ${error.message}`),
        );
      }
    }
    if (options.addImportListExclusion) {
      await this.exclusions.add({ foreignId: book.foreignBookId, authorName: book.title });
    }
    this.events.emit(
      BookDeletedEvent.NAME,
      new BookDeletedEvent(id, book.authorId, book.foreignBookId, book.title, !!options.deleteFiles),
    );
  }

  async deleteMany(ids: number[], options: { deleteFiles?: boolean; addImportListExclusion?: boolean }) {
    const existing = await this.books.findBy({ id: In([...new Set(ids)]) });
    for (const book of existing) await this.delete(book.id, options);
  }

  async editionsOf(bookIds: number[]): Promise<Edition[]> {
    if (bookIds.length === 0) return [];
    return this.editions.find({ where: { bookId: In(bookIds) }, order: { bookId: 'ASC', id: 'ASC' } });
  }
}
