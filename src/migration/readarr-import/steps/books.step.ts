import { Injectable } from '@nestjs/common';
import { BookRecordRepository } from '../../../library/book/book-record.repository';
import { cleanName } from '../../../platform/common/text/clean-name';
import { TransactionRunner } from '../../../platform/database/transaction';
import type { BookMatch } from '../identity/identity-resolver';
import { IdMap, type MigrationContext } from '../migration-context';
import type { RAuthor, RBook } from '../readarr/readarr-library';
import { LibraryOverlay } from './library-overlay';

/**
 * A chunk's books: merged onto the book of the same foreign id (monitored wins) or created under their author,
 * in one transaction; a book whose author is not in the Readarr library is skipped and listed.
 */
@Injectable()
export class BooksStep {
  constructor(
    private readonly books: BookRecordRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  async run(
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
      (missing) => this.books.findByForeignIds(missing),
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
    await this.transactions.run(async (tx) => {
      const bookIds = await this.books.insertMany(
        tx,
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
      await this.books.markMonitored(tx, toMonitor);
    });
    ids.remap(real);
  }
}

/** A book whose author is not in the Readarr library: skipped, and listed as a conflict. */
export function skipAuthorless(
  ctx: MigrationContext,
  book: { id: number; title: string; authorMetadataId: number },
): void {
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
