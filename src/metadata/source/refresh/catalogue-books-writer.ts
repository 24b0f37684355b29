import { Injectable, Logger } from '@nestjs/common';
import type { Author } from '../../../library/author/author.entity';
import { EMPTY_RATINGS } from '../../../library/author/catalogue-values';
import { BookCatalogueRepository } from '../../../library/book/book-catalogue.repository';
import type { Book } from '../../../library/book/book.entity';
import { BookRecordRepository } from '../../../library/book/book-record.repository';
import type { Edition } from '../../../library/book/edition.entity';
import { BookSeriesLinks, SeriesLinkSync } from '../../../library/series/series-link-sync';
import type { SeriesValues } from '../../../library/series/series.repository';
import type { Transaction } from '../../../platform/database/transaction';
import type { RemoteBook, RemoteEdition } from '../metadata-source';
import { pickMonitoredEdition, ProfileRules } from './book-filter';
import type { PlannedBook, WriteOutcome } from './catalogue-plan';
import { bookValues, changedValues, editionValues } from './metadata-values';
import { seriesOfWork } from './work-series';

/**
 * Writes an author's books, editions and series links inside the caller's transaction, comparing before writing:
 * a column is updated only when the source's value differs, so a refresh without remote changes issues no UPDATE.
 * Never touches user state (monitored flags of existing rows, added date, files).
 */
@Injectable()
export class CatalogueBooksWriter {
  private readonly logger = new Logger(CatalogueBooksWriter.name);

  constructor(
    private readonly catalogue: BookCatalogueRepository,
    private readonly records: BookRecordRepository,
    private readonly seriesLinks: SeriesLinkSync,
  ) {}

  /**
   * New books are monitored when `monitorNew` says so, or when they join a monitored series; existing books keep
   * their monitored flag and monitored edition unless they join a monitored series. `seriesDetails`: series
   * records the source described (counts, description).
   */
  async write(
    tx: Transaction,
    author: Author,
    planned: PlannedBook[],
    rules: ProfileRules,
    monitorNew: (book: RemoteBook) => boolean,
    seriesDetails: SeriesValues[] = [],
  ): Promise<WriteOutcome> {
    const outcome: WriteOutcome = {
      changedRows: 0,
      addedBookIds: [],
      updatedBookIds: [],
      coverBookIds: [],
      skipped: [],
    };
    if (!planned.length) return outcome;
    const foreignBookIds = planned.map((entry) => entry.book.foreignBookId);
    const books = await this.catalogue.findByForeignIds(tx, foreignBookIds);
    const byForeignId = new Map(books.map((book) => [book.foreignBookId, book]));
    const editionIds = planned.flatMap((entry) => entry.editions.map((edition) => edition.foreignEditionId));
    const editions = editionIds.length ? await this.catalogue.findEditionsByForeignIds(tx, editionIds) : [];
    const editionsByForeignId = new Map(editions.map((edition) => [edition.foreignEditionId, edition]));
    const localEditionsByBook = new Map<number, Edition[]>();
    if (books.length) {
      for (const edition of await this.catalogue.findEditionsOfBooks(
        tx,
        books.map((book) => book.id),
      )) {
        localEditionsByBook.set(edition.bookId, [...(localEditionsByBook.get(edition.bookId) ?? []), edition]);
      }
    }
    const linked: BookSeriesLinks[] = [];
    const linkSeries = (bookId: number, remote: RemoteBook, editions: RemoteEdition[]) => {
      const links = seriesOfWork(remote, editions);
      if (links) linked.push({ bookId, links });
    };

    for (const { book: remote, editions: remoteEditions } of planned) {
      const existing = byForeignId.get(remote.foreignBookId);
      if (existing && existing.authorId !== author.id) {
        // A co-written work already belongs to another author in the library: leave it there.
        outcome.skipped.push(`${remote.foreignBookId} belongs to author ${existing.authorId}`);
        continue;
      }
      const usable = remoteEditions.filter((edition) => {
        const other = editionsByForeignId.get(edition.foreignEditionId);
        return !other || other.bookId === existing?.id;
      });
      if (existing) {
        const changed = await this.updateBook(tx, existing, remote, usable, localEditionsByBook.get(existing.id) ?? []);
        if (changed.rows) {
          outcome.changedRows += changed.rows;
          outcome.updatedBookIds.push(existing.id);
        }
        if (changed.coverChanged) outcome.coverBookIds.push(existing.id);
        linkSeries(existing.id, remote, usable);
        continue;
      }
      const monitoredEdition = pickMonitoredEdition(usable, remote.coverEditionId, rules);
      if (!monitoredEdition) {
        outcome.skipped.push(`${remote.foreignBookId} has no usable edition`);
        continue;
      }
      const saved = await this.records.insertWithEditions(
        tx,
        {
          authorId: author.id,
          authorMetadataId: author.authorMetadataId,
          foreignBookId: remote.foreignBookId,
          titleSlug: remote.foreignBookId,
          ...bookValues(remote),
          relatedBooks: [],
          monitored: monitorNew(remote),
          anyEditionOk: true,
          addOptions: { addType: 'automatic', searchForNewBook: false },
        },
        usable.map((edition) => ({
          foreignEditionId: edition.foreignEditionId,
          titleSlug: edition.foreignEditionId,
          ...editionValues(edition, remote),
          monitored: edition === monitoredEdition,
          manualAdd: false,
        })),
      );
      outcome.changedRows += 1 + usable.length;
      outcome.addedBookIds.push(saved.id);
      outcome.coverBookIds.push(saved.id);
      linkSeries(saved.id, remote, usable);
    }
    const series = await this.seriesLinks.sync(tx, linked, seriesDetails);
    outcome.changedRows += series.changedRows;
    for (const bookId of series.changedBookIds)
      if (!outcome.addedBookIds.includes(bookId) && !outcome.updatedBookIds.includes(bookId))
        outcome.updatedBookIds.push(bookId);
    return outcome;
  }

  private async updateBook(
    tx: Transaction,
    book: Book,
    remote: RemoteBook,
    remoteEditions: RemoteEdition[],
    localEditions: Edition[],
  ): Promise<{ rows: number; coverChanged: boolean }> {
    let rows = 0;
    let coverChanged = false;
    const bookChanges = changedValues(book, bookValues(remote));
    if (Object.keys(bookChanges).length) {
      await this.catalogue.updateBook(tx, book.id, bookChanges);
      rows++;
    }
    const localById = new Map(localEditions.map((edition) => [edition.foreignEditionId, edition]));
    let hasMonitored = localEditions.some((edition) => edition.monitored);
    for (const remoteEdition of remoteEditions) {
      const local = localById.get(remoteEdition.foreignEditionId);
      const values = editionValues(remoteEdition, remote);
      if (local) {
        const changes = changedValues(local, values);
        if (Object.keys(changes).length) {
          await this.catalogue.updateEdition(tx, local.id, changes);
          rows++;
          if (local.monitored && changes.images) coverChanged = true;
        }
        continue;
      }
      await this.catalogue.addEdition(tx, {
        bookId: book.id,
        foreignEditionId: remoteEdition.foreignEditionId,
        titleSlug: remoteEdition.foreignEditionId,
        ...values,
        ratings: values.ratings ?? EMPTY_RATINGS,
        monitored: !hasMonitored,
        manualAdd: false,
      });
      if (!hasMonitored) coverChanged = true;
      hasMonitored = true;
      rows++;
    }
    if (rows) this.logger.debug(`Book ${book.id} (${remote.foreignBookId}): ${rows} row(s) changed`);
    return { rows, coverChanged };
  }
}
