import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { BookMonitoringRepository } from '../book/book-monitoring.repository';
import { BookEditedEvent } from '../book/book.events';
import { NotFoundError } from '../../platform/common/errors/domain-errors';
import { wireSeriesPosition } from './series-position';
import { SeriesLinkRow, SeriesRepository } from './series.repository';
import type { SeriesResource } from './series.resource';

/** Groups link rows (ordered by series) into SeriesResources; a row without a link gives an empty series. */
function toResources(rows: SeriesLinkRow[]): SeriesResource[] {
  const series = new Map<number, SeriesResource>();
  for (const row of rows) {
    let entry = series.get(row.seriesId);
    if (!entry) {
      entry = {
        id: row.seriesId,
        title: row.title,
        description: row.description ?? undefined,
        links: [],
        monitored: row.monitored,
      };
      series.set(row.seriesId, entry);
    }
    if (row.linkId == null) continue;
    entry.links.push({
      id: row.linkId,
      position: row.position ?? undefined,
      seriesPosition: wireSeriesPosition(row.seriesPosition),
      seriesId: row.seriesId,
      bookId: row.bookId,
    });
  }
  return [...series.values()];
}

/** Series of an author's books with the positions of those books; series-level monitoring. */
@Injectable()
export class SeriesService {
  constructor(
    private readonly repository: SeriesRepository,
    private readonly bookMonitoring: BookMonitoringRepository,
    private readonly events: DomainEvents,
  ) {}

  async byAuthor(authorId: number | undefined): Promise<SeriesResource[]> {
    if (!authorId) return [];
    return toResources(await this.repository.findLinksOfAuthor(authorId));
  }

  async get(id: number): Promise<SeriesResource> {
    const [series] = toResources(await this.repository.findSeries(id));
    if (!series) throw new NotFoundError(`Series with ID ${id} does not exist`);
    return series;
  }

  /**
   * Monitoring a series monitors its books now (and, through the refresh, the books that join it later);
   * unmonitoring only stops the latter: books keep the monitored flag their owner gave them.
   */
  async setMonitored(id: number, monitored: boolean): Promise<SeriesResource> {
    await this.get(id);
    await this.repository.setMonitored(id, monitored);
    if (monitored) {
      const bookIds = await this.bookMonitoring.monitorSeriesBooks(id);
      if (bookIds.length) this.events.emit(BookEditedEvent.NAME, new BookEditedEvent(bookIds));
    }
    return this.get(id);
  }
}
