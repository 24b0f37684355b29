import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

/** One book's place in one series (a row of `series_book_link` with its series). */
export interface SeriesLinkRow {
  seriesId: number;
  title: string;
  description: string | null;
  linkId: number;
  position: string | null;
  seriesPosition: number;
  bookId: number;
}

export interface SeriesLinkInput {
  foreignSeriesId: string;
  title: string;
  description?: string | null;
  bookId: number;
  position?: string | null;
  seriesPosition?: number;
  isPrimary?: boolean;
}

/** The `series` and `series_book_link` tables. */
@Injectable()
export class SeriesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The series links of an author's books, by series title, then position in the series. */
  findLinksOfAuthor(authorId: number): Promise<SeriesLinkRow[]> {
    return this.dataSource.query(
      `SELECT s.id AS "seriesId", s.title AS "title", s.description AS "description", l.id AS "linkId",
         l.position AS "position", l.series_position AS "seriesPosition", l.book_id AS "bookId"
       FROM series_book_link l
       JOIN series s ON s.id = l.series_id
       JOIN book b ON b.id = l.book_id
       WHERE b.author_id = $1
       ORDER BY s.title, s.id, l.series_position, l.id`,
      [authorId],
    );
  }

  /** Creates the series if needed and links the book at its position (idempotent). */
  async upsertLink(input: SeriesLinkInput, manager?: EntityManager): Promise<void> {
    const db = manager ?? this.dataSource.manager;
    const [series]: { id: number }[] = await db.query(
      `INSERT INTO series (foreign_series_id, title, description) VALUES ($1, $2, $3)
       ON CONFLICT (foreign_series_id) DO UPDATE SET title = EXCLUDED.title,
         description = coalesce(EXCLUDED.description, series.description)
       RETURNING id`,
      [input.foreignSeriesId, input.title, input.description ?? null],
    );
    await db.query(
      `INSERT INTO series_book_link (series_id, book_id, position, series_position, is_primary)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (series_id, book_id) DO UPDATE SET position = EXCLUDED.position,
         series_position = EXCLUDED.series_position, is_primary = EXCLUDED.is_primary`,
      [series.id, input.bookId, input.position ?? null, input.seriesPosition ?? 0, input.isPrimary ?? false],
    );
  }
}
