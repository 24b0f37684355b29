import { Inject, Injectable } from '@nestjs/common';
import { BookCatalogueRepository } from '../../../library/book/book-catalogue.repository';
import type { Book } from '../../../library/book/book.entity';
import type { SeriesValues } from '../../../library/series/series.repository';
import {
  METADATA_SOURCE,
  MetadataNotFoundError,
  MetadataSource,
  MetadataSourceUnavailableError,
} from '../metadata-source';
import { editionAllowed, ProfileRules } from './book-filter';
import type { PlannedBook } from './catalogue-plan';
import { SeriesDetailsFetcher } from './series-details';

/**
 * The fetch phase of RefreshBook: the work, its editions (those in the library, and new ones the author's metadata
 * profile allows) and the series it belongs to. No database writes.
 */
@Injectable()
export class BookWorkFetcher {
  constructor(
    @Inject(METADATA_SOURCE) private readonly source: MetadataSource,
    private readonly books: BookCatalogueRepository,
    private readonly seriesDetails: SeriesDetailsFetcher,
  ) {}

  async fetch(book: Book, rules: ProfileRules): Promise<{ planned: PlannedBook[]; series: SeriesValues[] }> {
    const localIds = new Set(await this.books.foreignEditionIdsOf([book.id]));

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
    return { planned, series: await this.seriesDetails.describe(planned) };
  }
}
