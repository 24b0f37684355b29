import { Injectable } from '@nestjs/common';
import { AuthorCatalogueRepository } from '../../../library/author/author-catalogue.repository';
import { BookRecordRepository } from '../../../library/book/book-record.repository';
import { MetadataProfileService } from '../../../library/profile/metadata-profile/metadata-profile.service';
import { NotFoundError } from '../../../platform/common/errors/domain-errors';
import { BookWorkFetcher } from './book-work-fetcher';
import { CatalogueWriter } from './catalogue-writer';
import { RefreshCovers } from './refresh-covers';

/**
 * RefreshBook: one work and its editions, fetched first and written in one transaction (compare before write).
 * Editions already in the library are always kept up to date; new editions are added when the author's
 * metadata profile allows them.
 */
@Injectable()
export class RefreshBookService {
  constructor(
    private readonly books: BookRecordRepository,
    private readonly authors: AuthorCatalogueRepository,
    private readonly profiles: MetadataProfileService,
    private readonly fetcher: BookWorkFetcher,
    private readonly writer: CatalogueWriter,
    private readonly covers: RefreshCovers,
  ) {}

  /** Returns the number of rows changed. */
  async refresh(bookId: number): Promise<number> {
    const book = await this.books.findById(bookId);
    if (!book) throw new NotFoundError(`Book ${bookId} not found`);
    const author = await this.authors.findOwner(book.authorId);
    const rules = await this.profiles.findById(author.metadataProfileId);
    const { planned, series } = await this.fetcher.fetch(book, rules);
    const outcome = await this.writer.saveBooks(author, planned, rules, () => book.monitored, series);
    if (outcome.coverBookIds.length || outcome.changedRows) await this.covers.storeForBook(bookId);
    return outcome.changedRows;
  }
}
