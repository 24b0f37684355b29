import { Injectable, Logger } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { Author } from '../../../library/author/author.entity';
import { AuthorMetadata } from '../../../library/author/author-metadata.entity';
import { EMPTY_RATINGS } from '../../../library/author/catalogue-values';
import { Book } from '../../../library/book/book.entity';
import { Edition } from '../../../library/book/edition.entity';
import { lockForTransaction } from '../../../platform/database/advisory-lock';
import type { RemoteAuthor, RemoteBook, RemoteEdition } from '../metadata-source';
import { cleanName } from '../../../platform/common/text/clean-name';
import { BookSeriesLinks, SeriesLinkSync } from '../../../library/series/series-link-sync';
import type { SeriesValues } from '../../../library/series/series.repository';
import { pickMonitoredEdition, ProfileRules } from './book-filter';
import { authorMetadataValues, bookValues, changedValues, editionValues } from './metadata-values';
import { seriesOfWork } from './work-series';

/** First key of the advisory locks taken by refreshes ('QR'). */
const REFRESH_LOCK_NAMESPACE = 0x5152;

/** One work to write: the source's work and the editions that passed the profile (or that exist locally). */
export interface PlannedBook {
  book: RemoteBook;
  editions: RemoteEdition[];
}

export interface WriteOutcome {
  /** Rows inserted or updated; 0 means the refresh changed nothing. */
  changedRows: number;
  addedBookIds: number[];
  updatedBookIds: number[];
  /** Books whose monitored edition is new or changed (their covers need fetching). */
  coverBookIds: number[];
  skipped: string[];
}

/**
 * The write phase of a refresh, inside the caller's transaction (only `manager` is used). Compares before
 * writing: a column is updated only when the source's value differs, so a refresh without remote changes
 * issues no UPDATE at all. Never touches user state (monitored flags of existing rows, profiles, tags, path,
 * added date, files).
 */
@Injectable()
export class CatalogueWriter {
  private readonly logger = new Logger(CatalogueWriter.name);

  constructor(private readonly seriesLinks: SeriesLinkSync) {}

  /**
   * Serialises writers of one author's catalogue (RefreshAuthor and RefreshBook may run at once on several
   * workers or processes): a transaction-scoped advisory lock, taken before the current rows are read.
   */
  async lockAuthor(manager: EntityManager, authorId: number): Promise<void> {
    await lockForTransaction(manager, REFRESH_LOCK_NAMESPACE, authorId);
  }

  async writeAuthor(manager: EntityManager, author: Author, remote: RemoteAuthor): Promise<number> {
    const metadata = await manager.findOneByOrFail(AuthorMetadata, { id: author.authorMetadataId });
    let changed = 0;
    const metadataChanges = changedValues(metadata, authorMetadataValues(remote));
    if (Object.keys(metadataChanges).length) {
      await manager.update(AuthorMetadata, metadata.id, metadataChanges);
      changed++;
    }
    const authorChanges = changedValues(author, { cleanName: cleanName(remote.name) });
    if (Object.keys(authorChanges).length) {
      await manager.update(Author, author.id, authorChanges);
      changed++;
    }
    return changed;
  }

  /**
   * Writes the author's books, editions and series links. New books are monitored when `monitorNew` says so, or
   * when they join a monitored series; existing books keep their monitored flag and monitored edition unless
   * they join a monitored series. `seriesDetails`: series records the source described (counts, description).
   */
  async writeBooks(
    manager: EntityManager,
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
    const books = await manager.find(Book, { where: { foreignBookId: In(foreignBookIds) } });
    const byForeignId = new Map(books.map((book) => [book.foreignBookId, book]));
    const editionIds = planned.flatMap((entry) => entry.editions.map((edition) => edition.foreignEditionId));
    const editions = editionIds.length
      ? await manager.find(Edition, { where: { foreignEditionId: In(editionIds) } })
      : [];
    const editionsByForeignId = new Map(editions.map((edition) => [edition.foreignEditionId, edition]));
    const localEditionsByBook = new Map<number, Edition[]>();
    if (books.length) {
      for (const edition of await manager.find(Edition, { where: { bookId: In(books.map((book) => book.id)) } })) {
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
        const changed = await this.updateBook(
          manager,
          existing,
          remote,
          usable,
          localEditionsByBook.get(existing.id) ?? [],
        );
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
      const saved = await manager.save(
        manager.create(Book, {
          authorId: author.id,
          authorMetadataId: author.authorMetadataId,
          foreignBookId: remote.foreignBookId,
          titleSlug: remote.foreignBookId,
          ...bookValues(remote),
          relatedBooks: [],
          monitored: monitorNew(remote),
          anyEditionOk: true,
          addOptions: { addType: 'automatic', searchForNewBook: false },
        }),
      );
      await manager.save(
        usable.map((edition) =>
          manager.create(Edition, {
            bookId: saved.id,
            foreignEditionId: edition.foreignEditionId,
            titleSlug: edition.foreignEditionId,
            ...editionValues(edition, remote),
            monitored: edition === monitoredEdition,
            manualAdd: false,
          }),
        ),
      );
      outcome.changedRows += 1 + usable.length;
      outcome.addedBookIds.push(saved.id);
      outcome.coverBookIds.push(saved.id);
      linkSeries(saved.id, remote, usable);
    }
    const series = await this.seriesLinks.sync(manager, linked, seriesDetails);
    outcome.changedRows += series.changedRows;
    for (const bookId of series.changedBookIds)
      if (!outcome.addedBookIds.includes(bookId) && !outcome.updatedBookIds.includes(bookId))
        outcome.updatedBookIds.push(bookId);
    return outcome;
  }

  private async updateBook(
    manager: EntityManager,
    book: Book,
    remote: RemoteBook,
    remoteEditions: RemoteEdition[],
    localEditions: Edition[],
  ): Promise<{ rows: number; coverChanged: boolean }> {
    let rows = 0;
    let coverChanged = false;
    const bookChanges = changedValues(book, bookValues(remote));
    if (Object.keys(bookChanges).length) {
      await manager.update(Book, book.id, bookChanges);
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
          await manager.update(Edition, local.id, changes);
          rows++;
          if (local.monitored && changes.images) coverChanged = true;
        }
        continue;
      }
      await manager.save(
        manager.create(Edition, {
          bookId: book.id,
          foreignEditionId: remoteEdition.foreignEditionId,
          titleSlug: remoteEdition.foreignEditionId,
          ...values,
          ratings: values.ratings ?? EMPTY_RATINGS,
          monitored: !hasMonitored,
          manualAdd: false,
        }),
      );
      if (!hasMonitored) coverChanged = true;
      hasMonitored = true;
      rows++;
    }
    if (rows) this.logger.debug(`Book ${book.id} (${remote.foreignBookId}): ${rows} row(s) changed`);
    return { rows, coverChanged };
  }
}
