import { Injectable } from '@nestjs/common';
import { BookRecordRepository } from '../../../library/book/book-record.repository';
import { TransactionRunner } from '../../../platform/database/transaction';
import { IdMap, type MigrationContext } from '../migration-context';
import type { RBook, REdition } from '../readarr/readarr-library';
import { LibraryOverlay } from './library-overlay';

/**
 * Editions, after their books: kept under their Readarr ids (prefixed), so files stay on the edition they
 * belong to. An edition already known is merged; a book keeps exactly one monitored edition (the one it has,
 * else Readarr's chosen one).
 */
@Injectable()
export class EditionsStep {
  constructor(
    private readonly books: BookRecordRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  /** One chunk's editions; returns Readarr edition id → Quire edition id (placeholders in a dry run). */
  async run(
    ctx: MigrationContext,
    books: RBook[],
    editions: Map<number, REdition[]>,
    bookIds: IdMap,
    overlay: LibraryOverlay,
  ): Promise<IdMap> {
    const ids = new IdMap();
    const foreignId = (edition: REdition) => ctx.foreignPrefix + edition.foreignEditionId;
    const all = books.flatMap((book) => editions.get(book.id) ?? []);
    const existing = await LibraryOverlay.merge(
      overlay.editions,
      all.map(foreignId),
      (missing) => this.books.findEditionsByForeignIds(missing),
      (row) => row.foreignEditionId,
    );
    const quireBookIds = books
      .map((book) => bookIds.get(book.id))
      .filter((id): id is number => id !== undefined && id > 0);
    const withMonitored = await this.books.booksWithMonitoredEdition(quireBookIds);
    for (const bookId of overlay.booksWithMonitoredEdition) withMonitored.add(bookId);
    const created: {
      placeholder: number;
      edition: REdition;
      bookId: number;
      foreignEditionId: string;
      monitored: boolean;
    }[] = [];
    for (const book of books) {
      const bookId = bookIds.get(book.id);
      if (bookId === undefined) continue;
      let list = editions.get(book.id) ?? [];
      // A book needs an edition to be listed; Readarr's rare edition-less book gets one from its own fields.
      if (!list.length) list = [syntheticEdition(book)];
      ctx.report.found('editions', list.length);
      const chosen = list.find((edition) => edition.monitored) ?? list[0];
      for (const edition of list) {
        const fid = foreignId(edition);
        const found = existing.get(fid);
        if (found) {
          ctx.report.count('editions', 'merged');
          ids.set(edition.id, found.id);
          continue;
        }
        const monitored = edition === chosen && !withMonitored.has(bookId);
        if (monitored) {
          withMonitored.add(bookId);
          overlay.booksWithMonitoredEdition.add(bookId);
        }
        const placeholder = ctx.placeholder();
        ctx.report.count('editions', 'imported');
        created.push({ placeholder, edition, bookId, foreignEditionId: fid, monitored });
        ids.set(edition.id, placeholder);
        existing.set(fid, { id: placeholder, bookId, foreignEditionId: fid, monitored });
      }
    }
    for (const [fid, row] of existing) overlay.editions.set(fid, row);
    if (ctx.dryRun || !created.length) return ids;
    const real = new Map<number, number>();
    await this.transactions.run(async (tx) => {
      const editionIds = await this.books.insertManyEditions(
        tx,
        created.map(({ edition, bookId, foreignEditionId, monitored }) => ({
          bookId,
          foreignEditionId,
          titleSlug: foreignEditionId,
          isbn13: edition.isbn13,
          asin: edition.asin,
          title: edition.title,
          language: edition.language,
          overview: edition.overview,
          format: edition.format,
          isEbook: edition.isEbook,
          disambiguation: edition.disambiguation,
          publisher: edition.publisher,
          pageCount: edition.pageCount,
          releaseDate: edition.releaseDate,
          images: [],
          links: edition.links,
          ratings: edition.ratings,
          monitored,
          manualAdd: edition.manualAdd,
        })),
      );
      created.forEach(({ placeholder }, index) => real.set(placeholder, editionIds[index]));
    });
    ids.remap(real);
    return ids;
  }
}

function syntheticEdition(book: RBook): REdition {
  return {
    id: -book.id,
    bookId: book.id,
    foreignEditionId: `book-${book.foreignBookId}`,
    isbn13: null,
    asin: null,
    title: book.title,
    language: null,
    overview: null,
    format: null,
    isEbook: false,
    disambiguation: null,
    publisher: null,
    pageCount: 0,
    releaseDate: book.releaseDate,
    links: [],
    ratings: book.ratings,
    monitored: true,
    manualAdd: false,
  };
}
