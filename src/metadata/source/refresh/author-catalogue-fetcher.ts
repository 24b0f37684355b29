import { Inject, Injectable } from '@nestjs/common';
import type { Author } from '../../../library/author/author.entity';
import { BookCatalogueRepository } from '../../../library/book/book-catalogue.repository';
import type { SeriesValues } from '../../../library/series/series.repository';
import { MetadataEnricher } from '../enrichment/metadata-enricher';
import {
  METADATA_SOURCE,
  MetadataNotFoundError,
  MetadataNotReadyError,
  MetadataSource,
  MetadataSourceUnavailableError,
  RemoteAuthor,
} from '../metadata-source';
import { editionAllowed, isSeriesSecondary, ProfileRules, workRejection } from './book-filter';
import type { PlannedBook } from './catalogue-plan';
import { SeriesDetailsFetcher } from './series-details';
import { seriesOfWork } from './work-series';

/** What the source says about one author, ready to be written. */
export interface FetchedCatalogue {
  remote: RemoteAuthor;
  planned: PlannedBook[];
  /** Works left out, with the reason. */
  skipped: string[];
  series: SeriesValues[];
}

/**
 * The fetch phase of RefreshAuthor: the author, its works and the editions of the works the metadata profile
 * keeps (every edition already in the library too), and the series they belong to. No database writes, so a
 * failure here leaves nothing half-written.
 */
@Injectable()
export class AuthorCatalogueFetcher {
  constructor(
    @Inject(METADATA_SOURCE) private readonly source: MetadataSource,
    private readonly books: BookCatalogueRepository,
    private readonly enricher: MetadataEnricher,
    private readonly seriesDetails: SeriesDetailsFetcher,
  ) {}

  /** `name`: the author as the user knows it, for the failure message. */
  async fetch(author: Author, foreignAuthorId: string, name: string, rules: ProfileRules): Promise<FetchedCatalogue> {
    const { remote, planned, skipped } = await describeFailures(name, () =>
      this.fetchWorks(author, foreignAuthorId, rules),
    );
    const series = await this.seriesDetails.describe(planned);
    return { remote, planned, skipped, series };
  }

  private async fetchWorks(author: Author, foreignAuthorId: string, rules: ProfileRules) {
    const remote = await this.source.getAuthor(foreignAuthorId, { fresh: true });
    const works = await this.source.getAuthorWorks(foreignAuthorId, { fresh: true });
    const localBooks = await this.books.findIdentitiesOfAuthor(author.id);
    const localBookIds = new Set(localBooks.map((book) => book.foreignBookId));
    const localEditionIds = new Set(
      localBooks.length ? await this.books.foreignEditionIdsOf(localBooks.map((book) => book.id)) : [],
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
    // After enrichment, which may be what states the series; like every profile rule, never for a book already here.
    const kept = planned.filter(({ book, editions }) => {
      if (!rules.skipSeriesSecondary || localBookIds.has(book.foreignBookId)) return true;
      if (!isSeriesSecondary(seriesOfWork(book, editions))) return true;
      skipped.push(`${book.foreignBookId}: secondary series entry`);
      return false;
    });
    return { remote, planned: kept, skipped };
  }
}

/** Turns source failures into one clear command failure message. */
async function describeFailures<T>(name: string, work: () => Promise<T>): Promise<T> {
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
