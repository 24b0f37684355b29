import { Injectable } from '@nestjs/common';
import { Author } from '../../author/author.entity';
import { AuthorMetadata } from '../../author/author-metadata.entity';
import { Book } from '../../book/book.entity';
import { authorNames } from '../../author/author-names';
import { cleanName } from '../../common/text/clean-name';
import { MediaManagementConfigService } from '../../settings/media-management/media-management-config.service';
import { IdentityResolver, type AuthorMatch, type BookMatch } from '../identity/identity-resolver';
import type { MigrationContext } from '../migration-context';
import { MigrationRepository } from '../migration.repository';
import { readAuthors, readBooks, readEditions, type RAuthor, type RBook } from '../readarr/readarr-library';
import { EditionsStep } from './editions.step';

/**
 * Authors, books and editions. Identity first (IdentityResolver), then the merge rule: the same foreign id
 * (after mapping) is the same row; a monitored flag set on either side stays set ("monitored wins", listed as
 * a conflict when the two sides differ); profiles, paths and tags of an existing author are kept. Unmatched
 * authors and books are kept under their Readarr id (prefixed `goodreads:`/`hardcover:`) and listed.
 */
@Injectable()
export class LibraryStep {
  constructor(
    private readonly repository: MigrationRepository,
    private readonly identity: IdentityResolver,
    private readonly mediaManagement: MediaManagementConfigService,
    private readonly editions: EditionsStep,
  ) {}

  async run(ctx: MigrationContext): Promise<void> {
    const authors = readAuthors(ctx.source);
    const books = readBooks(ctx.source);
    const editions = readEditions(ctx.source);
    const authorByMetadata = new Map(authors.map((author) => [author.metadataId, author]));
    const threshold = (await this.mediaManagement.load()).importMatchThreshold;
    const stats = ctx.report.report.lookups;

    await ctx.progress(`Matching ${books.length} books with the metadata source`, 0.2);
    const bookMatches = await this.identity.resolveBooks(
      books.map((book) => {
        const list = editions.get(book.id) ?? [];
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
      (matched) =>
        ctx.progress(`Matched ${matched} of ${books.length} books`, 0.2 + (0.3 * matched) / (books.length || 1)),
    );
    for (const book of books) {
      const match = bookMatches.get(book.id);
      if (match) ctx.matchedForeignIds.set(book.foreignBookId, match.foreignBookId);
    }
    const booksByMetadata = new Map<number, number[]>();
    for (const book of books)
      booksByMetadata.set(book.authorMetadataId, [...(booksByMetadata.get(book.authorMetadataId) ?? []), book.id]);
    const authorMatches = new Map<number, AuthorMatch | undefined>();
    for (const author of authors)
      authorMatches.set(
        author.id,
        await this.identity.resolveAuthor(
          { key: author.id, name: author.name, bookIds: booksByMetadata.get(author.metadataId) ?? [] },
          bookMatches,
          { threshold, stats },
        ),
      );

    for (const author of authors) {
      const match = authorMatches.get(author.id);
      if (match) ctx.matchedForeignIds.set(author.foreignAuthorId, match.foreignAuthorId);
    }
    await ctx.progress(`Writing ${authors.length} authors`, 0.55);
    const authorMetadataIds = await this.migrateAuthors(ctx, authors, authorMatches);
    await ctx.progress(`Writing ${books.length} books`, 0.6);
    await this.migrateBooks(ctx, books, bookMatches, authorByMetadata, authorMetadataIds);
    await ctx.progress('Writing editions', 0.7);
    await this.editions.run(ctx, books, editions);
  }

  /** Returns Readarr author id → Quire author-metadata id. */
  private async migrateAuthors(
    ctx: MigrationContext,
    authors: RAuthor[],
    matches: Map<number, AuthorMatch | undefined>,
  ): Promise<Map<number, number>> {
    const ids = ctx.idMap('authors');
    const foreignId = (author: RAuthor) =>
      matches.get(author.id)?.foreignAuthorId ?? ctx.foreignPrefix + author.foreignAuthorId;
    const existing = new Map(
      (await this.repository.authorsByForeignIds(authors.map(foreignId))).map((row) => [row.foreignAuthorId, row]),
    );
    const takenPaths = await this.repository.takenAuthorPaths(authors.map((author) => author.path));
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
    if (ctx.dryRun || (!created.length && !toMonitor.length)) return metadataIds;
    const rootFolders = ctx.source.all('RootFolders').map((row) => String(row.Path).replace(/[\\/]+$/, ''));
    const real = new Map<number, number>();
    const realMetadata = new Map<number, number>();
    await this.repository.transaction(async (manager) => {
      const metadata = await this.repository.insertMany(
        manager,
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
        manager,
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
      await this.repository.setMonitored(manager, Author, toMonitor);
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
  ): Promise<void> {
    const ids = ctx.idMap('books');
    const authorIds = ctx.idMap('authors');
    const foreignId = (book: RBook) => matches.get(book.id)?.foreignBookId ?? ctx.foreignPrefix + book.foreignBookId;
    const existing = new Map(
      (await this.repository.booksByForeignIds(books.map(foreignId))).map((row) => [row.foreignBookId, row]),
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
    if (ctx.dryRun || (!created.length && !toMonitor.length)) return;
    const real = new Map<number, number>();
    await this.repository.transaction(async (manager) => {
      const bookIds = await this.repository.insertMany(
        manager,
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
      await this.repository.setMonitored(manager, Book, toMonitor);
    });
    ids.remap(real);
  }
}
