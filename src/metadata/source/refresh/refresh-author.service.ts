import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainEvents } from '../../../platform/common/events/domain-events';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { Author } from '../../../library/author/author.entity';
import { AuthorMetadata } from '../../../library/author/author-metadata.entity';
import { Book } from '../../../library/book/book.entity';
import { Edition } from '../../../library/book/edition.entity';
import { CommandQueueService } from '../../../platform/command/command-queue.service';
import { NotFoundError } from '../../../platform/common/errors/domain-errors';
import { MetadataEnricher } from '../enrichment/metadata-enricher';
import { MediaCoverService } from '../media-cover/media-cover.service';
import { MetadataProfileService } from '../../../library/profile/metadata-profile/metadata-profile.service';
import {
  METADATA_SOURCE,
  MetadataNotFoundError,
  MetadataNotReadyError,
  MetadataSource,
  MetadataSourceUnavailableError,
  RemoteAuthor,
} from '../metadata-source';
import { editionAllowed, ProfileRules, workRejection } from './book-filter';
import { CatalogueWriter, PlannedBook, WriteOutcome } from './catalogue-writer';
import { booksToMonitor, monitorNewBook } from './monitoring';
import { SeriesDetailsFetcher } from './series-details';
import { AuthorAddCompletedEvent, AuthorRefreshedEvent } from './refresh.events';

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
    @Inject(METADATA_SOURCE) private readonly source: MetadataSource,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly profiles: MetadataProfileService,
    private readonly writer: CatalogueWriter,
    private readonly covers: MediaCoverService,
    private readonly events: DomainEvents,
    private readonly commands: CommandQueueService,
    private readonly seriesDetails: SeriesDetailsFetcher,
    private readonly enricher: MetadataEnricher,
  ) {}

  async refresh(authorId: number, isNewAuthor: boolean, progress: Progress = async () => {}): Promise<RefreshResult> {
    const author = await this.dataSource.getRepository(Author).findOneBy({ id: authorId });
    if (!author) throw new NotFoundError(`Author ${authorId} not found`);
    const metadata = await this.dataSource
      .getRepository(AuthorMetadata)
      .findOneByOrFail({ id: author.authorMetadataId });
    const rules: ProfileRules = await this.profiles.findById(author.metadataProfileId);
    const name = metadata.name;

    await progress(`Updating info for ${name}`);
    const { remote, planned, skipped } = await this.describeFailures(name, () =>
      this.fetch(author, metadata.foreignAuthorId, rules),
    );
    const series = await this.seriesDetails.describe(planned);

    const outcome = await this.dataSource.transaction(async (manager) => {
      await this.writer.lockAuthor(manager, author.id);
      const authorRows = await this.writer.writeAuthor(manager, author, remote);
      const monitored = isNewAuthor
        ? booksToMonitor(
            planned.map(({ book }) => ({ foreignBookId: book.foreignBookId, releaseDate: book.releaseDate })),
            author.addOptions ?? {},
          )
        : undefined;
      const written: WriteOutcome = await this.writer.writeBooks(
        manager,
        author,
        planned,
        rules,
        (book) =>
          monitored
            ? monitored.has(book.foreignBookId)
            : monitorNewBook(author.monitorNewItems, book.releaseDate, author.added),
        series,
      );
      const changedRows = authorRows + written.changedRows;
      // lastInfoSync moves only with a change (or on the first refresh), so an unchanged refresh writes nothing.
      if (changedRows > 0 || !author.lastInfoSync)
        await manager.update(Author, author.id, { lastInfoSync: new Date() });
      return { ...written, changedRows };
    });

    await this.storeCovers(author.id, remote, outcome.coverBookIds);
    if (outcome.changedRows > 0)
      this.events.emit(
        AuthorRefreshedEvent.NAME,
        new AuthorRefreshedEvent(author.id, outcome.addedBookIds, outcome.updatedBookIds),
      );
    if (isNewAuthor) await this.announceNewAuthor(author, remote, outcome.addedBookIds.length);
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

  /** The fetch phase: no database writes, so a failure here leaves nothing half-written. */
  private async fetch(author: Author, foreignAuthorId: string, rules: ProfileRules) {
    const remote = await this.source.getAuthor(foreignAuthorId, { fresh: true });
    const works = await this.source.getAuthorWorks(foreignAuthorId, { fresh: true });
    const localBooks = await this.dataSource.getRepository(Book).find({
      where: { authorId: author.id },
      select: ['id', 'foreignBookId'],
    });
    const localBookIds = new Set(localBooks.map((book) => book.foreignBookId));
    const localEditionIds = new Set(
      localBooks.length
        ? (
            await this.dataSource.getRepository(Edition).find({
              where: { bookId: In(localBooks.map((book) => book.id)) },
              select: ['foreignEditionId'],
            })
          ).map((edition) => edition.foreignEditionId)
        : [],
    );

    // Books in the library that the works list no longer names (merged works, co-authored books) are still refreshed.
    const listed = new Set(works.map((work) => work.foreignBookId));
    for (const book of localBooks) {
      if (listed.has(book.foreignBookId)) continue;
      const work = await this.source.getWork(book.foreignBookId, { fresh: true }).catch((error: unknown) => {
        if (error instanceof MetadataNotFoundError) return undefined;
        throw error;
      });
      if (work) works.push(work);
    }

    const planned: PlannedBook[] = [];
    const skipped: string[] = [];
    for (const work of works) {
      const isLocal = localBookIds.has(work.foreignBookId);
      const rejection = isLocal ? undefined : workRejection(work, rules);
      if (rejection) {
        skipped.push(`${work.foreignBookId}: ${rejection}`);
        continue;
      }
      const editions = await this.source.getEditions(work.foreignBookId, { fresh: true }).catch((error: unknown) => {
        if (error instanceof MetadataNotFoundError) return [];
        throw error;
      });
      const kept = editions.filter(
        (edition) => editionAllowed(edition, rules) || (isLocal && localEditionIds.has(edition.foreignEditionId)),
      );
      if (!isLocal && kept.length === 0) {
        skipped.push(`${work.foreignBookId}: no edition passes the metadata profile`);
        continue;
      }
      planned.push({ book: work, editions: kept });
    }
    await this.enricher.enrich(planned);
    return { remote, planned, skipped };
  }

  private async storeCovers(authorId: number, remote: RemoteAuthor, bookIds: number[]): Promise<void> {
    await this.covers.ensureCovers('author', authorId, remote.images);
    if (!bookIds.length) return;
    const editions = await this.dataSource
      .getRepository(Edition)
      .find({ where: { bookId: In(bookIds), monitored: true }, select: ['bookId', 'images'] });
    for (const edition of editions) {
      const images = (edition.images ?? [])
        .filter((image) => image.url)
        .map((image) => ({
          coverType: 'cover',
          url: image.url!,
          smallUrl: /-L\.jpg$/.test(image.url!) ? image.url!.replace(/-L\.jpg$/, '-M.jpg') : undefined,
        }));
      await this.covers.ensureCovers('book', edition.bookId, images.slice(0, 1));
    }
  }

  private async announceNewAuthor(author: Author, remote: RemoteAuthor, bookCount: number): Promise<void> {
    this.events.emit(
      AuthorAddCompletedEvent.NAME,
      new AuthorAddCompletedEvent(author.id, remote.foreignAuthorId, remote.name, bookCount),
    );
    if (author.addOptions?.searchForMissingBooks) {
      await this.commands.enqueue('AuthorSearch', { authorId: author.id }).catch((error: unknown) => {
        this.logger.warn(`AuthorSearch for ${remote.name} not queued: ${(error as Error).message}`);
      });
    }
  }

  /** Turns source failures into one clear command failure message. */
  private async describeFailures<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof MetadataSourceUnavailableError)
        throw new Error(
          `Could not refresh ${name}: unable to communicate with ${error.sourceName} (${error.detail}). Nothing was changed.`,
        );
      if (error instanceof MetadataNotFoundError)
        throw new Error(`Could not refresh ${name}: ${error.message}. Nothing was changed.`);
      if (error instanceof MetadataNotReadyError)
        throw new MetadataNotReadyError(error.sourceName, name, error.retryAfterMs);
      throw error;
    }
  }
}
