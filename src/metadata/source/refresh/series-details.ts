import { Inject, Injectable, Logger } from '@nestjs/common';
import type { SeriesValues } from '../../../library/series/series.repository';
import {
  METADATA_SOURCE,
  MetadataNotFoundError,
  MetadataSource,
  MetadataSourceUnavailableError,
} from '../metadata-source';
import type { PlannedBook } from './catalogue-plan';
import { seriesOfWork, seriesValues } from './work-series';

/**
 * Series records (description, numbered, counts) for the series a refresh links, from sources that describe
 * series (`getSeries`); Open Library does not, and its series rows are counted from the links instead.
 * A series the source cannot give is left out: its links are still written, the details come on a later refresh.
 */
@Injectable()
export class SeriesDetailsFetcher {
  private readonly logger = new Logger(SeriesDetailsFetcher.name);

  constructor(@Inject(METADATA_SOURCE) private readonly source: MetadataSource) {}

  async describe(planned: PlannedBook[]): Promise<SeriesValues[]> {
    if (!this.source.getSeries) return [];
    const ids = new Set(
      planned.flatMap(({ book, editions }) => (seriesOfWork(book, editions) ?? []).map((link) => link.foreignSeriesId)),
    );
    const described: SeriesValues[] = [];
    for (const id of ids) {
      try {
        described.push(seriesValues(await this.source.getSeries(id)));
      } catch (error) {
        if (!(error instanceof MetadataNotFoundError || error instanceof MetadataSourceUnavailableError)) throw error;
        this.logger.warn(`Series ${id} not described by ${this.source.name}: ${error.message}`);
      }
    }
    return described;
  }
}
