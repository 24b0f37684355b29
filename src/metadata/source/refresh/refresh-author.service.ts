import { Injectable, Logger } from '@nestjs/common';
import { AuthorCatalogueRepository } from '../../../library/author/author-catalogue.repository';
import { MetadataProfileService } from '../../../library/profile/metadata-profile/metadata-profile.service';
import { NotFoundError } from '../../../platform/common/errors/domain-errors';
import { AuthorCatalogueFetcher } from './author-catalogue-fetcher';
import { AuthorRefreshAnnouncer } from './author-refresh-announcer';
import type { ProfileRules } from './book-filter';
import { CatalogueWriter } from './catalogue-writer';
import { booksToMonitor, monitorNewBook } from './monitoring';
import { RefreshCovers } from './refresh-covers';

export interface RefreshResult {
  authorId: number;
  changedRows: number;
  addedBooks: number;
  updatedBooks: number;
  skippedBooks: number;
}

type Progress = (message: string) => Promise<void>;

/**
 * RefreshAuthor: fetch everything first (author, works, editions of the works the metadata profile keeps),
 * then write it in one transaction, comparing before writing. A source failure mid-way leaves the database
 * untouched and fails with a clear message. Covers are stored after the commit.
 */
@Injectable()
export class RefreshAuthorService {
  private readonly logger = new Logger(RefreshAuthorService.name);

  constructor(
    private readonly authors: AuthorCatalogueRepository,
    private readonly profiles: MetadataProfileService,
    private readonly fetcher: AuthorCatalogueFetcher,
    private readonly writer: CatalogueWriter,
    private readonly covers: RefreshCovers,
    private readonly announcer: AuthorRefreshAnnouncer,
  ) {}

  async refresh(authorId: number, isNewAuthor: boolean, progress: Progress = async () => {}): Promise<RefreshResult> {
    const found = await this.authors.findWithMetadata(authorId);
    if (!found) throw new NotFoundError(`Author ${authorId} not found`);
    const { author, metadata } = found;
    const rules: ProfileRules = await this.profiles.findById(author.metadataProfileId);
    const name = metadata.name;

    await progress(`Updating info for ${name}`);
    const { remote, planned, skipped, series } = await this.fetcher.fetch(
      author,
      metadata.foreignAuthorId,
      name,
      rules,
    );

    // A new author's books are monitored per the add options; later refreshes per its monitorNewItems.
    const monitored = isNewAuthor
      ? booksToMonitor(
          planned.map(({ book }) => ({ foreignBookId: book.foreignBookId, releaseDate: book.releaseDate })),
          author.addOptions ?? {},
        )
      : undefined;
    const outcome = await this.writer.saveAuthor(
      author,
      remote,
      planned,
      rules,
      (book) =>
        monitored
          ? monitored.has(book.foreignBookId)
          : monitorNewBook(author.monitorNewItems, book.releaseDate, author.added),
      series,
    );

    await this.covers.storeForAuthor(author.id, remote, outcome.coverBookIds);
    await this.announcer.announce(author, remote, outcome, isNewAuthor);
    const result: RefreshResult = {
      authorId,
      changedRows: outcome.changedRows,
      addedBooks: outcome.addedBookIds.length,
      updatedBooks: outcome.updatedBookIds.length,
      skippedBooks: skipped.length + outcome.skipped.length,
    };
    this.logger.log(
      `Refreshed ${name}: ${result.addedBooks} book(s) added, ${result.updatedBooks} updated, ${result.skippedBooks} skipped`,
    );
    return result;
  }
}
