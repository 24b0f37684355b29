import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface FeedRow {
  id: number;
  title: string;
  authorName: string;
  releaseDate: Date;
  overview: string | null;
  genres: string[];
}

export interface FeedFilter {
  start: Date;
  /** Exclusive. */
  end: Date;
  monitoredOnly: boolean;
  /** Only books of authors with one of these tags (undefined: no tag filter). */
  tagIds?: number[];
}

/** The iCal feed's reads: books by release date with their author's name, and tag labels to ids. */
@Injectable()
export class CalendarRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findFeedRows(filter: FeedFilter): Promise<FeedRow[]> {
    const conditions = ['b.release_date >= $1', 'b.release_date < $2'];
    if (filter.monitoredOnly) conditions.push('b.monitored', 'a.monitored');
    if (filter.tagIds) conditions.push('a.tags && $3::int[]');
    return this.dataSource.query(
      `SELECT b.id AS "id", coalesce(e.title, b.title) AS "title", m.name AS "authorName",
         b.release_date AS "releaseDate", e.overview AS "overview", b.genres AS "genres"
       FROM book b
       JOIN author a ON a.id = b.author_id
       JOIN author_metadata m ON m.id = a.author_metadata_id
       LEFT JOIN edition e ON e.book_id = b.id AND e.monitored
       WHERE ${conditions.join(' AND ')}
       ORDER BY b.release_date, b.id`,
      filter.tagIds ? [filter.start, filter.end, filter.tagIds] : [filter.start, filter.end],
    );
  }

  /** Ids of the tags with these labels (case-insensitive). */
  async tagIdsByLabels(labels: string[]): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM tag WHERE lower(label) = ANY($1::text[])`,
      [labels.map((label) => label.toLowerCase())],
    );
    return rows.map((row) => row.id);
  }
}
