import { Injectable } from '@nestjs/common';
import { AuthorCatalogueRepository } from '../../../library/author/author-catalogue.repository';
import type { Author } from '../../../library/author/author.entity';
import type { SeriesValues } from '../../../library/series/series.repository';
import { lockTransaction } from '../../../platform/database/advisory-lock';
import { type Transaction, TransactionRunner } from '../../../platform/database/transaction';
import { cleanName } from '../../../platform/common/text/clean-name';
import type { RemoteAuthor, RemoteBook } from '../metadata-source';
import type { ProfileRules } from './book-filter';
import { CatalogueBooksWriter } from './catalogue-books-writer';
import type { PlannedBook, WriteOutcome } from './catalogue-plan';
import { authorMetadataValues, changedValues } from './metadata-values';

/** First key of the advisory locks taken by refreshes ('QR'). */
const REFRESH_LOCK_NAMESPACE = 0x5152;

/**
 * The write phase of a refresh: what was fetched, written in one transaction, comparing before writing (a refresh
 * without remote changes issues no UPDATE at all). Never touches user state (monitored flags of existing rows,
 * profiles, tags, path, added date, files).
 */
@Injectable()
export class CatalogueWriter {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly authors: AuthorCatalogueRepository,
    private readonly books: CatalogueBooksWriter,
  ) {}

  /** RefreshAuthor: the author's metadata and its books; `lastInfoSync` moves with them. */
  saveAuthor(
    author: Author,
    remote: RemoteAuthor,
    planned: PlannedBook[],
    rules: ProfileRules,
    monitorNew: (book: RemoteBook) => boolean,
    seriesDetails: SeriesValues[],
  ): Promise<WriteOutcome> {
    return this.transactions.run(async (tx) => {
      await lockAuthor(tx, author.id);
      const authorRows = await this.writeAuthor(tx, author, remote);
      const written = await this.books.write(tx, author, planned, rules, monitorNew, seriesDetails);
      const changedRows = authorRows + written.changedRows;
      // lastInfoSync moves only with a change (or on the first refresh), so an unchanged refresh writes nothing.
      if (changedRows > 0 || !author.lastInfoSync) await this.authors.markInfoSynced(tx, author.id, new Date());
      return { ...written, changedRows };
    });
  }

  /** RefreshBook: some of the author's books, the author's own rows untouched. */
  saveBooks(
    author: Author,
    planned: PlannedBook[],
    rules: ProfileRules,
    monitorNew: (book: RemoteBook) => boolean,
    seriesDetails: SeriesValues[],
  ): Promise<WriteOutcome> {
    return this.transactions.run(async (tx) => {
      await lockAuthor(tx, author.id);
      return this.books.write(tx, author, planned, rules, monitorNew, seriesDetails);
    });
  }

  private async writeAuthor(tx: Transaction, author: Author, remote: RemoteAuthor): Promise<number> {
    const metadata = await this.authors.findMetadata(tx, author.authorMetadataId);
    let changed = 0;
    const metadataChanges = changedValues(metadata, authorMetadataValues(remote));
    if (Object.keys(metadataChanges).length) {
      await this.authors.updateMetadata(tx, metadata.id, metadataChanges);
      changed++;
    }
    const authorChanges = changedValues(author, { cleanName: cleanName(remote.name) });
    if (authorChanges.cleanName !== undefined) {
      await this.authors.updateCleanName(tx, author.id, authorChanges.cleanName);
      changed++;
    }
    return changed;
  }
}

/**
 * Serialises writers of one author's catalogue (RefreshAuthor and RefreshBook may run at once on several workers
 * or processes): a transaction-scoped advisory lock, taken before the current rows are read.
 */
function lockAuthor(tx: Transaction, authorId: number): Promise<void> {
  return lockTransaction(tx, REFRESH_LOCK_NAMESPACE, authorId);
}
