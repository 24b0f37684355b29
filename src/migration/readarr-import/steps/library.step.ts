import { Injectable } from '@nestjs/common';
import { MediaManagementConfigService } from '../../../platform/settings/media-management/media-management-config.service';
import { IDENTIFIER_BATCH } from '../../../metadata/source/metadata-source';
import { IdentityResolver, type AuthorMatch, type BookMatch } from '../identity/identity-resolver';
import type { MigrationContext } from '../migration-context';
import { countAuthors, readBooksWithoutAuthor, readLibraryChunks, type LibraryChunk } from '../readarr/readarr-library';
import { AuthorsStep } from './authors.step';
import { BookFilesStep } from './book-files.step';
import { BooksStep, skipAuthorless } from './books.step';
import { EditionsStep } from './editions.step';
import { LibraryOverlay } from './library-overlay';

/** Books per chunk: ten full identifier requests (IDENTIFIER_BATCH) for a library of one edition per book. */
const CHUNK_BOOKS = 10 * IDENTIFIER_BATCH;

interface ChunkMatches {
  books: Map<number, BookMatch>;
  authors: Map<number, AuthorMatch | undefined>;
}

/**
 * Authors, books, editions and their files, streamed a chunk of authors at a time (readLibraryChunks): only a
 * chunk's rows are in memory. Identity first (IdentityResolver), then the merge rule: the same foreign id
 * (after mapping) is the same row; a monitored flag set on either side stays set ("monitored wins", listed as
 * a conflict when the two sides differ); profiles, paths and tags of an existing author are kept. Unmatched
 * authors and books are kept under their Readarr id (prefixed `goodreads:`/`hardcover:`) and listed.
 */
@Injectable()
export class LibraryStep {
  /** Books per chunk (tests lower it to cut a small library into several chunks). */
  chunkBooks = CHUNK_BOOKS;

  constructor(
    private readonly identity: IdentityResolver,
    private readonly mediaManagement: MediaManagementConfigService,
    private readonly authors: AuthorsStep,
    private readonly books: BooksStep,
    private readonly editions: EditionsStep,
    private readonly bookFiles: BookFilesStep,
  ) {}

  async run(ctx: MigrationContext): Promise<void> {
    const threshold = (await this.mediaManagement.load()).importMatchThreshold;
    const totalAuthors = countAuthors(ctx.source);
    const overlay = new LibraryOverlay();
    const chunks = readLibraryChunks(ctx.source, this.chunkBooks);
    let authorsDone = 0;
    let booksDone = 0;
    try {
      // The metadata source is asked about the next chunk while this one is written: the politeness limit and
      // the database work overlap instead of adding up.
      let current = chunks.next();
      let resolving = current.done ? undefined : this.resolve(ctx, current.value, threshold);
      while (!current.done) {
        const chunk = current.value;
        const matches = await resolving!;
        const following = chunks.next();
        resolving = following.done ? undefined : this.resolve(ctx, following.value, threshold);
        resolving?.catch(() => undefined);
        await this.migrateChunk(ctx, chunk, matches, overlay);
        if (!ctx.dryRun) overlay.clear();
        authorsDone += chunk.authors.length;
        booksDone += chunk.books.length;
        await ctx.progress(
          `Migrated ${authorsDone} of ${totalAuthors} authors (${booksDone} books)`,
          0.15 + (0.7 * authorsDone) / (totalAuthors || 1),
        );
        current = following;
      }
    } finally {
      chunks.return(undefined);
    }
    this.skipBooksWithoutAuthor(ctx);
    this.bookFiles.skipFilesWithoutBook(ctx);
  }

  /** Maps the chunk's books and authors to the metadata source (no write, no report entry). */
  private async resolve(ctx: MigrationContext, chunk: LibraryChunk, threshold: number): Promise<ChunkMatches> {
    const stats = ctx.report.report.lookups;
    const authorByMetadata = new Map(chunk.authors.map((author) => [author.metadataId, author]));
    const books = await this.identity.resolveBooks(
      chunk.books.map((book) => {
        const list = chunk.editions.get(book.id) ?? [];
        return {
          readarrBookId: book.id,
          title: book.title,
          authorName: authorByMetadata.get(book.authorMetadataId)?.name ?? '',
          goodreadsIds: list.map((edition) => edition.foreignEditionId),
          isbns: list.map((edition) => edition.isbn13).filter((isbn): isbn is string => !!isbn),
          asins: list.map((edition) => edition.asin).filter((asin): asin is string => !!asin),
        };
      }),
      { useGoodreads: ctx.foreignPrefix === 'goodreads:', threshold, stats },
      async () => undefined,
    );
    const booksByMetadata = new Map<number, number[]>();
    for (const book of chunk.books) {
      const list = booksByMetadata.get(book.authorMetadataId);
      if (list) list.push(book.id);
      else booksByMetadata.set(book.authorMetadataId, [book.id]);
    }
    const authors = new Map<number, AuthorMatch | undefined>();
    for (const author of chunk.authors)
      authors.set(
        author.id,
        await this.identity.resolveAuthor(
          { key: author.id, name: author.name, bookIds: booksByMetadata.get(author.metadataId) ?? [] },
          books,
          { threshold, stats },
        ),
      );
    return { books, authors };
  }

  private async migrateChunk(
    ctx: MigrationContext,
    chunk: LibraryChunk,
    matches: ChunkMatches,
    overlay: LibraryOverlay,
  ): Promise<void> {
    for (const book of chunk.books) {
      const match = matches.books.get(book.id);
      if (match) ctx.rememberMatch(book.foreignBookId, match.foreignBookId);
    }
    for (const author of chunk.authors) {
      const match = matches.authors.get(author.id);
      if (match) ctx.rememberMatch(author.foreignAuthorId, match.foreignAuthorId);
    }
    const authorByMetadata = new Map(chunk.authors.map((author) => [author.metadataId, author]));
    const authorMetadataIds = await this.authors.run(ctx, chunk.authors, matches.authors, overlay);
    const bookIds = await this.books.run(ctx, chunk.books, matches.books, authorByMetadata, authorMetadataIds, overlay);
    const editionIds = await this.editions.run(ctx, chunk.books, chunk.editions, bookIds, overlay);
    await this.bookFiles.run(ctx, chunk, bookIds, editionIds, overlay);
  }

  /** Books whose author is not in the Readarr library: skipped, each listed as a conflict. */
  private skipBooksWithoutAuthor(ctx: MigrationContext): void {
    for (const book of readBooksWithoutAuthor(ctx.source)) {
      ctx.report.found('books');
      skipAuthorless(ctx, book);
    }
  }
}
