import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { managerOf, type Transaction } from '../../platform/database/transaction';
import type { MonitorTypesName } from '../author/catalogue.enums';

export interface MonitoringOptionsInput {
  monitor?: MonitorTypesName;
  booksToMonitor?: string[];
  monitored?: boolean;
}

const HAS_FILE = `EXISTS (SELECT 1 FROM book_file f JOIN edition e ON e.id = f.edition_id WHERE e.book_id = book.id)`;

/** The SQL condition that decides which of an author's books a MonitorTypes option monitors. */
function monitorCondition(monitor: MonitorTypesName): string | undefined {
  switch (monitor) {
    case 'all':
      return 'true';
    case 'none':
      return 'false';
    case 'future':
      return 'release_date > now()';
    case 'missing':
      return `NOT ${HAS_FILE}`;
    case 'existing':
      return HAS_FILE;
    case 'latest':
      return `id = (SELECT id FROM book b2 WHERE b2.author_id = $1 AND b2.release_date <= now()
                    ORDER BY b2.release_date DESC, b2.id DESC LIMIT 1)`;
    case 'first':
      return `id = (SELECT id FROM book b2 WHERE b2.author_id = $1 AND b2.release_date IS NOT NULL
                    ORDER BY b2.release_date ASC, b2.id LIMIT 1)`;
    case 'unknown':
      return undefined;
  }
}

/** The `monitored` flag of books: Readarr's MonitoringOptions for an author's books, and series monitoring. */
@Injectable()
export class BookMonitoringRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async apply(authorId: number, options: MonitoringOptionsInput, tx?: Transaction): Promise<void> {
    const condition = options.monitor ? monitorCondition(options.monitor) : undefined;
    const extra = options.booksToMonitor ?? [];
    if (condition === undefined && extra.length === 0) return;
    const monitoredExpr = condition === undefined ? 'monitored' : `(${condition})`;
    await (tx ? managerOf(tx) : this.dataSource.manager).query(
      `UPDATE book SET monitored = ${monitoredExpr} OR foreign_book_id = ANY($2::text[]) WHERE author_id = $1`,
      [authorId, extra],
    );
  }

  /** Monitors the series' unmonitored books; returns their ids, ascending. */
  async monitorSeriesBooks(seriesId: number): Promise<number[]> {
    const [rows]: [{ id: number }[], number] = await this.dataSource.query(
      `UPDATE book SET monitored = true
       WHERE NOT monitored AND id IN (SELECT book_id FROM series_book_link WHERE series_id = $1)
       RETURNING id`,
      [seriesId],
    );
    return rows.map((row) => row.id).sort((a, b) => a - b);
  }

  /** Monitors the given books that are not monitored yet (in the caller's transaction); returns those changed. */
  async monitorUnmonitored(tx: Transaction, bookIds: number[]): Promise<number[]> {
    if (!bookIds.length) return [];
    const [rows]: [{ id: number }[], number] = await managerOf(tx).query(
      `UPDATE book SET monitored = true WHERE id = ANY($1::int[]) AND NOT monitored RETURNING id`,
      [bookIds],
    );
    return rows.map((row) => row.id);
  }
}
