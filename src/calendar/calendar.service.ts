import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import ical from 'ical-generator';
import { DataSource } from 'typeorm';
import type { BookResource } from '../book/book.resource';
import { BookService } from '../book/book.service';
import type { CalendarFeedQuery, CalendarQuery } from './calendar.resource';

const DAY_MS = 24 * 60 * 60 * 1000;

interface FeedRow {
  id: number;
  title: string;
  authorName: string;
  releaseDate: Date;
  overview: string | null;
  genres: string[];
}

function startOfToday(): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** Books by release date: the JSON calendar and the iCal feed. */
@Injectable()
export class CalendarService {
  constructor(
    private readonly books: BookService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Readarr: default window today .. today + 2 days; monitored book and author unless `unmonitored`. */
  list(query: CalendarQuery): Promise<BookResource[]> {
    const start = query.start ? new Date(query.start) : startOfToday();
    const end = query.end ? new Date(query.end) : new Date(startOfToday().getTime() + 2 * DAY_MS);
    return this.books.resources(
      {
        scope: 'b.release_date >= $1 AND b.release_date <= $2',
        where: query.unmonitored ? 'true' : 'b.monitored AND a.monitored',
        params: [start, end],
        orderBy: 'b.release_date, b.id',
      },
      !!query.includeAuthor,
    );
  }

  async feed(query: CalendarFeedQuery): Promise<string> {
    const today = startOfToday();
    const start = new Date(today.getTime() - (query.pastDays ?? 7) * DAY_MS);
    const end = new Date(today.getTime() + ((query.futureDays ?? 28) + 1) * DAY_MS);
    const tagIds = await this.resolveTags([query.tagList, query.tags].filter(Boolean).join(','));
    const conditions = ['b.release_date >= $1', 'b.release_date < $2'];
    if (!query.unmonitored) conditions.push('b.monitored', 'a.monitored');
    if (tagIds) conditions.push('a.tags && $3::int[]');
    const rows: FeedRow[] = await this.dataSource.query(
      `SELECT b.id AS "id", coalesce(e.title, b.title) AS "title", m.name AS "authorName",
         b.release_date AS "releaseDate", e.overview AS "overview", b.genres AS "genres"
       FROM book b
       JOIN author a ON a.id = b.author_id
       JOIN author_metadata m ON m.id = a.author_metadata_id
       LEFT JOIN edition e ON e.book_id = b.id AND e.monitored
       WHERE ${conditions.join(' AND ')}
       ORDER BY b.release_date, b.id`,
      tagIds ? [start, end, tagIds] : [start, end],
    );
    const calendar = ical({
      name: 'Quire Book Schedule',
      prodId: { company: 'quire', product: 'Quire', language: 'EN' },
    });
    for (const row of rows) {
      calendar.createEvent({
        id: `Quire_book_${row.id}`,
        start: row.releaseDate,
        allDay: true,
        summary: `${row.authorName} - ${row.title}`,
        description: row.overview ?? undefined,
        categories: (row.genres ?? []).map((name) => ({ name })),
      });
    }
    return calendar.toString();
  }

  /** Tag ids or labels → ids; undefined when no tag filter was given (an unknown label matches nothing). */
  private async resolveTags(list: string): Promise<number[] | undefined> {
    const entries = list
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.length === 0) return undefined;
    const ids = entries.filter((entry) => /^\d+$/.test(entry)).map(Number);
    const labels = entries.filter((entry) => !/^\d+$/.test(entry)).map((entry) => entry.toLowerCase());
    if (labels.length > 0) {
      const rows: { id: number }[] = await this.dataSource.query(
        `SELECT id FROM tag WHERE lower(label) = ANY($1::text[])`,
        [labels],
      );
      ids.push(...rows.map((row) => row.id));
    }
    return ids;
  }
}
