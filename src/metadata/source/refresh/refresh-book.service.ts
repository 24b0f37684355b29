import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Author } from '../../../library/author/author.entity';
import { Book } from '../../../library/book/book.entity';
import { Edition } from '../../../library/book/edition.entity';
import { NotFoundError } from '../../../platform/common/errors/domain-errors';
import { MediaCoverService } from '../media-cover/media-cover.service';
import { MetadataProfileService } from '../../../library/profile/metadata-profile/metadata-profile.service';
import {
  METADATA_SOURCE,
  MetadataNotFoundError,
  MetadataSource,
  MetadataSourceUnavailableError,
} from '../metadata-source';
import { editionAllowed } from './book-filter';
import { CatalogueWriter } from './catalogue-writer';
import { SeriesDetailsFetcher } from './series-details';

/**
 * RefreshBook: one work and its editions, fetched first and written in one transaction (compare before write).
 * Editions already in the library are always kept up to date; new editions are added when the author's
 * metadata profile allows them.
 */
@Injectable()
export class RefreshBookService {
  constructor(
    @Inject(METADATA_SOURCE) private readonly source: MetadataSource,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly profiles: MetadataProfileService,
    private readonly writer: CatalogueWriter,
    private readonly covers: MediaCoverService,
    private readonly seriesDetails: SeriesDetailsFetcher,
  ) {}

  async allBookIds(): Promise<number[]> {
    const rows = await this.dataSource.getRepository(Book).find({ select: ['id'], order: { id: 'ASC' } });
    return rows.map((row) => row.id);
  }

  /** Returns the number of rows changed. */
  async refresh(bookId: number): Promise<number> {
    const book = await this.dataSource.getRepository(Book).findOneBy({ id: bookId });
    if (!book) throw new NotFoundError(`Book ${bookId} not found`);
    const author = await this.dataSource.getRepository(Author).findOneByOrFail({ id: book.authorId });
    const rules = await this.profiles.findById(author.metadataProfileId);
    const local = await this.dataSource
      .getRepository(Edition)
      .find({ where: { bookId }, select: ['foreignEditionId'] });
    const localIds = new Set(local.map((edition) => edition.foreignEditionId));

    let work;
    let editions;
    try {
      work = await this.source.getWork(book.foreignBookId, { fresh: true });
      editions = await this.source.getEditions(book.foreignBookId, { fresh: true });
    } catch (error) {
      if (error instanceof MetadataSourceUnavailableError)
        throw new Error(
          `Could not refresh '${book.title}': unable to communicate with ${error.sourceName} (${error.detail}). Nothing was changed.`,
        );
      if (error instanceof MetadataNotFoundError)
        throw new Error(`Could not refresh '${book.title}': ${error.message}. Nothing was changed.`);
      throw error;
    }
    const kept = editions.filter((edition) => localIds.has(edition.foreignEditionId) || editionAllowed(edition, rules));
    const planned = [{ book: work, editions: kept }];
    const series = await this.seriesDetails.describe(planned);
    const outcome = await this.dataSource.transaction(async (manager) => {
      await this.writer.lockAuthor(manager, author.id);
      return this.writer.writeBooks(manager, author, planned, rules, () => book.monitored, series);
    });
    if (outcome.coverBookIds.length || outcome.changedRows) {
      const monitored = await this.dataSource.getRepository(Edition).findOneBy({ bookId, monitored: true });
      const url = monitored?.images?.[0]?.url;
      if (url)
        await this.covers.ensureCovers('book', bookId, [
          { coverType: 'cover', url, smallUrl: /-L\.jpg$/.test(url) ? url.replace(/-L\.jpg$/, '-M.jpg') : undefined },
        ]);
    }
    return outcome.changedRows;
  }
}
