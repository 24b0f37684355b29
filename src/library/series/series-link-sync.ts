import { Injectable } from '@nestjs/common';
import type { Transaction } from '../../platform/database/transaction';
import { BookMonitoringRepository } from '../book/book-monitoring.repository';
import { seriesPositionNumber } from './series-position';
import { SeriesRepository, SeriesValues, StoredLink } from './series.repository';

/** A series link of a book as a metadata source states it. */
export interface StatedSeriesLink {
  foreignSeriesId: string;
  title: string;
  /** As written: `1`, `2.5`, `Book 3 of 7`; absent when unnumbered. */
  position?: string;
  isPrimary: boolean;
}

export interface BookSeriesLinks {
  bookId: number;
  links: StatedSeriesLink[];
}

export interface SeriesSyncOutcome {
  changedRows: number;
  /** Books whose links changed (their `seriesTitle` did). */
  changedBookIds: number[];
  /** Books that joined a monitored series and were monitored because of it. */
  monitoredBookIds: number[];
}

type LinkValues = Omit<StoredLink, 'id' | 'foreignSeriesId'>;

const sameLink = (stored: StoredLink, wanted: LinkValues) =>
  stored.position === wanted.position &&
  stored.seriesPosition === wanted.seriesPosition &&
  stored.isPrimary === wanted.isPrimary;

/**
 * Makes the stored series links of the given books equal to what the source states, inside the caller's
 * transaction: new links inserted, changed ones updated, links the source dropped deleted, nothing written
 * when nothing differs. A book that joins a monitored series is monitored (series-level monitoring).
 */
@Injectable()
export class SeriesLinkSync {
  constructor(
    private readonly repository: SeriesRepository,
    private readonly bookMonitoring: BookMonitoringRepository,
  ) {}

  async sync(tx: Transaction, books: BookSeriesLinks[], details: SeriesValues[] = []): Promise<SeriesSyncOutcome> {
    if (!books.length) return { changedRows: 0, changedBookIds: [], monitoredBookIds: [] };
    const described = new Map(details.map((entry) => [entry.foreignSeriesId, entry]));
    const values = new Map<string, SeriesValues>();
    for (const link of books.flatMap((book) => book.links))
      if (!values.has(link.foreignSeriesId))
        values.set(link.foreignSeriesId, described.get(link.foreignSeriesId) ?? link);
    const { ids, changed } = await this.repository.upsertSeries(tx, [...values.values()]);
    let changedRows = changed;

    const stored = await this.repository.findLinksOfBooks(
      tx,
      books.map((book) => book.bookId),
    );
    const toInsert: LinkValues[] = [];
    const toDelete: number[] = [];
    const touched = new Set<number>();
    const changedBooks = new Set<number>();
    const joinedMonitored: number[] = [];
    for (const book of books) {
      const current = new Map(stored.filter((link) => link.bookId === book.bookId).map((l) => [l.seriesId, l]));
      const wanted = new Map<number, LinkValues>();
      for (const link of book.links) {
        const series = ids.get(link.foreignSeriesId);
        if (!series || wanted.has(series.id)) continue;
        wanted.set(series.id, {
          seriesId: series.id,
          bookId: book.bookId,
          position: link.position?.trim() || null,
          seriesPosition: seriesPositionNumber(link.position) ?? null,
          isPrimary: link.isPrimary,
        });
        if (!current.has(series.id) && series.monitored) joinedMonitored.push(book.bookId);
      }
      for (const [seriesId, link] of current) {
        const next = wanted.get(seriesId);
        if (!next) toDelete.push(link.id);
        else if (!sameLink(link, next)) await this.repository.updateLink(tx, { ...next, id: link.id });
        else continue;
        touched.add(seriesId);
        changedBooks.add(book.bookId);
        changedRows++;
      }
      for (const [seriesId, link] of wanted) {
        if (current.has(seriesId)) continue;
        toInsert.push(link);
        touched.add(seriesId);
        changedBooks.add(book.bookId);
      }
    }
    await this.repository.deleteLinks(tx, toDelete);
    await this.repository.insertLinks(tx, toInsert);
    changedRows += toInsert.length;
    // A source that described the series gave its own counts; the others are counted from the links.
    const counted = [...touched].filter((id) => {
      const foreignId = [...ids].find(([, series]) => series.id === id)?.[0];
      return described.get(foreignId ?? '')?.workCount === undefined;
    });
    changedRows += await this.repository.recountSeries(tx, counted);
    const monitoredBookIds = await this.bookMonitoring.monitorUnmonitored(tx, [...new Set(joinedMonitored)]);
    return {
      changedRows: changedRows + monitoredBookIds.length,
      changedBookIds: [...new Set([...changedBooks, ...monitoredBookIds])],
      monitoredBookIds,
    };
  }
}
