import { Injectable } from '@nestjs/common';
import { Author } from '../../../library/author/author.entity';
import { AuthorMetadata } from '../../../library/author/author-metadata.entity';
import { Book } from '../../../library/book/book.entity';
import { authorNames } from '../../../library/author/author-names';
import { cleanName } from '../../../platform/common/text/clean-name';
import { MediaManagementConfigService } from '../../../platform/settings/media-management/media-management-config.service';
import { IDENTIFIER_BATCH } from '../../../metadata/source/metadata-source';
import { IdentityResolver, type AuthorMatch, type BookMatch } from '../identity/identity-resolver';
import { IdMap, type MigrationContext } from '../migration-context';
import { MigrationRepository } from '../migration.repository';
import {
  countAuthors,
  readBooksWithoutAuthor,
  readLibraryChunks,
  type LibraryChunk,
  type RAuthor,
  type RBook,
} from '../readarr/readarr-library';
import { BookFilesStep } from './book-files.step';
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
    private readonly repository: MigrationRepository,
    private readonly identity: IdentityResolver,
    private readonly mediaManagement: MediaManagementConfigService,
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
    const authorMetadataIds = await this.migrateAuthors(ctx, chunk.authors, matches.authors, overlay);
    const bookIds = await this.migrateBooks(
      ctx,
      chunk.books,
      matches.books,
      authorByMetadata,
      authorMetadataIds,
      overlay,
    );
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

  /** Returns Readarr author id → Quire author-metadata id. */
  private async migrateAuthors(
    ctx: MigrationContext,
    authors: RAuthor[],
    matches: Map<number, AuthorMatch | undefined>,
    overlay: LibraryOverlay,
  ): Promise<Map<number, number>> {
    const ids = ctx.idMap('authors');
    const foreignId = (author: RAuthor) =>
      matches.get(author.id)?.foreignAuthorId ?? ctx.foreignPrefix + author.foreignAuthorId;
    const existing = await LibraryOverlay.merge(
      overlay.authors,
      authors.map(foreignId),
      (missing) => this.repository.authorsByForeignIds(missing),
      (row) => row.foreignAuthorId,
    );
    const takenPaths = await this.repository.takenAuthorPaths(authors.map((author) => author.path));
    for (const path of overlay.authorPaths) takenPaths.add(path);
    const metadataIds = new Map<number, number>();
    const created: { placeholder: number; author: RAuthor; foreignAuthorId: string; path: string }[] = [];
    const toMonitor: number[] = [];
    ctx.report.found('authors', authors.length);
    for (const author of authors) {
      const fid = foreignId(author);
      if (!matches.get(author.id))
        ctx.report.unmatched('authors', {
          kind: 'author',
          readarrId: author.id,
          title: author.name,
          foreignId: author.foreignAuthorId,
          reason: 'No author of that name or of its books in the metadata source',
        });
      const found = existing.get(fid);
      if (found) {
        ctx.report.count('authors', 'merged');
        ids.set(author.id, found.id);
        metadataIds.set(author.id, found.authorMetadataId);
        if (author.monitored !== found.monitored) {
          ctx.report.conflict({
            kind: 'authors',
            readarrId: author.id,
            title: author.name,
            field: 'monitored',
            existing: found.monitored,
            incoming: author.monitored,
            resolution: 'monitored wins',
          });
          if (author.monitored && found.id > 0) toMonitor.push(found.id);
          found.monitored = true;
        }
        continue;
      }
      ctx.report.count('authors', 'imported');
      const placeholder = ctx.placeholder();
      let path = author.path;
      for (let n = 2; takenPaths.has(path); n++) path = `${author.path} (${n})`;
      takenPaths.add(path);
      overlay.authorPaths.add(path);
      created.push({ placeholder, author, foreignAuthorId: fid, path });
      ids.set(author.id, placeholder);
      metadataIds.set(author.id, placeholder);
      existing.set(fid, {
        id: placeholder,
        authorMetadataId: placeholder,
        foreignAuthorId: fid,
        monitored: author.monitored,
        path,
      });
    }
    for (const [fid, row] of existing) overlay.authors.set(fid, row);
    if (ctx.dryRun || (!created.length && !toMonitor.length)) return metadataIds;
    const rootFolders = ctx.source.all('RootFolders').map((row) => String(row.Path).replace(/[\\/]+$/, ''));
    const real = new Map<number, number>();
    const realMetadata = new Map<number, number>();
    await this.repository.transaction(async (tx) => {
      const metadata = await this.repository.insertMany(
        tx,
        AuthorMetadata,
        created.map(({ author, foreignAuthorId }) => {
          const names = authorNames(author.name);
          return {
            foreignAuthorId,
            titleSlug: foreignAuthorId,
            name: names.name,
            sortName: author.sortName ?? names.sortName,
            nameLastFirst: author.nameLastFirst ?? names.nameLastFirst,
            sortNameLastFirst: author.sortNameLastFirst ?? names.sortNameLastFirst,
            aliases: author.aliases,
            overview: author.overview,
            disambiguation: author.disambiguation,
            status: author.status,
            images: [],
            links: author.links,
            genres: author.genres,
            ratings: author.ratings,
          };
        }),
      );
      const authorIds = await this.repository.insertMany(
        tx,
        Author,
        created.map(({ author, path }, index) => ({
          authorMetadataId: metadata[index],
          cleanName: cleanName(author.name),
          monitored: author.monitored,
          monitorNewItems: author.monitorNewItems,
          path,
          rootFolderPath: rootFolders.find((root) => path.startsWith(root + '/')) ?? null,
          qualityProfileId: ctx.idMap('qualityProfiles').get(author.qualityProfileId) ?? 1,
          metadataProfileId: ctx.idMap('metadataProfiles').get(author.metadataProfileId) ?? 1,
          tags: ctx.idMap('tags').many(author.tags),
          added: author.added ?? new Date(),
          addOptions: null,
        })),
      );
      created.forEach(({ placeholder }, index) => {
        real.set(placeholder, authorIds[index]);
        realMetadata.set(placeholder, metadata[index]);
      });
      await this.repository.setMonitored(tx, Author, toMonitor);
    });
    ids.remap(real);
    for (const [key, value] of metadataIds) if (realMetadata.has(value)) metadataIds.set(key, realMetadata.get(value)!);
    return metadataIds;
  }

  private async migrateBooks(
    ctx: MigrationContext,
    books: RBook[],
    matches: Map<number, BookMatch>,
    authorByMetadata: Map<number, RAuthor>,
    authorMetadataIds: Map<number, number>,
    overlay: LibraryOverlay,
  ): Promise<IdMap> {
    const ids = new IdMap();
    const authorIds = ctx.idMap('authors');
    const foreignId = (book: RBook) => matches.get(book.id)?.foreignBookId ?? ctx.foreignPrefix + book.foreignBookId;
    const existing = await LibraryOverlay.merge(
      overlay.books,
      books.map(foreignId),
      (missing) => this.repository.booksByForeignIds(missing),
      (row) => row.foreignBookId,
    );
    const created: {
      placeholder: number;
      book: RBook;
      foreignBookId: string;
      authorId: number;
      authorMetadataId: number;
    }[] = [];
    const toMonitor: number[] = [];
    ctx.report.found('books', books.length);
    for (const book of books) {
      const author = authorByMetadata.get(book.authorMetadataId);
      const authorId = author ? authorIds.get(author.id) : undefined;
      if (!author || authorId === undefined) {
        skipAuthorless(ctx, book);
        continue;
      }
      const fid = foreignId(book);
      if (!matches.has(book.id))
        ctx.report.unmatched('books', {
          kind: 'book',
          readarrId: book.id,
          title: book.title,
          foreignId: book.foreignBookId,
          reason: 'No work with its identifiers, ISBNs/ASINs or a close enough title and author',
        });
      const found = existing.get(fid);
      if (found) {
        ctx.report.count('books', 'merged');
        ids.set(book.id, found.id);
        if (book.monitored !== found.monitored) {
          ctx.report.conflict({
            kind: 'books',
            readarrId: book.id,
            title: book.title,
            field: 'monitored',
            existing: found.monitored,
            incoming: book.monitored,
            resolution: 'monitored wins',
          });
          if (book.monitored && found.id > 0) toMonitor.push(found.id);
          found.monitored = true;
        }
        continue;
      }
      ctx.report.count('books', 'imported');
      const placeholder = ctx.placeholder();
      created.push({
        placeholder,
        book,
        foreignBookId: fid,
        authorId,
        authorMetadataId: authorMetadataIds.get(author.id)!,
      });
      ids.set(book.id, placeholder);
      existing.set(fid, { id: placeholder, authorId, foreignBookId: fid, monitored: book.monitored });
    }
    for (const [fid, row] of existing) overlay.books.set(fid, row);
    if (!ctx.dryRun && (created.length || toMonitor.length)) await this.writeBooks(created, toMonitor, ids);
    ctx.idMap('books').add(ids);
    return ids;
  }

  private async writeBooks(
    created: { placeholder: number; book: RBook; foreignBookId: string; authorId: number; authorMetadataId: number }[],
    toMonitor: number[],
    ids: IdMap,
  ): Promise<void> {
    const real = new Map<number, number>();
    await this.repository.transaction(async (tx) => {
      const bookIds = await this.repository.insertMany(
        tx,
        Book,
        created.map(({ book, foreignBookId, authorId, authorMetadataId }) => ({
          authorId,
          authorMetadataId,
          foreignBookId,
          titleSlug: foreignBookId,
          title: book.title,
          cleanTitle: cleanName(book.title),
          releaseDate: book.releaseDate,
          links: book.links,
          genres: book.genres,
          relatedBooks: [],
          ratings: book.ratings,
          monitored: book.monitored,
          anyEditionOk: book.anyEditionOk,
          lastSearchTime: book.lastSearchTime,
          added: book.added ?? new Date(),
          addOptions: null,
        })),
      );
      created.forEach(({ placeholder }, index) => real.set(placeholder, bookIds[index]));
      await this.repository.setMonitored(tx, Book, toMonitor);
    });
    ids.remap(real);
  }
}

/** A book whose author is not in the Readarr library: skipped, and listed as a conflict. */
function skipAuthorless(ctx: MigrationContext, book: { id: number; title: string; authorMetadataId: number }): void {
  ctx.report.count('books', 'skipped');
  ctx.report.conflict({
    kind: 'books',
    readarrId: book.id,
    title: book.title,
    field: 'author',
    existing: null,
    incoming: book.authorMetadataId,
    resolution: 'skipped: the book has no author in the Readarr library',
  });
}
