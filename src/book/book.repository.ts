import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { bookFilesAggregate } from '../author/author.repository';
import type { AddBookOptionsValue, LinkValue, MediaCoverValue, RatingsValue } from '../author/catalogue-values';

/** One book, projected for the wire: work + monitored edition + series title + file statistics. */
export interface BookRow {
  id: number;
  authorId: number;
  workTitle: string;
  foreignBookId: string;
  titleSlug: string | null;
  monitored: boolean;
  anyEditionOk: boolean;
  bookRatings: RatingsValue;
  releaseDate: Date | null;
  genres: string[];
  bookLinks: LinkValue[];
  added: Date;
  addOptions: AddBookOptionsValue | null;
  lastSearchTime: Date | null;
  authorSortNameLastFirst: string | null;
  foreignEditionId: string | null;
  editionTitle: string | null;
  pageCount: number | null;
  images: MediaCoverValue[] | null;
  editionLinks: LinkValue[] | null;
  editionRatings: RatingsValue | null;
  disambiguation: string | null;
  seriesTitle: string | null;
  fileCount: number | null;
  sizeOnDisk: string | null;
}

export interface BookQuery {
  /** SQL condition on `b` only (it also narrows the aggregates). */
  scope?: string;
  /** Extra SQL condition that may use `b`, `a` (author), `m` (author metadata), `fs` (file stats). */
  where?: string;
  params?: unknown[];
  orderBy?: string;
  limit?: number;
  offset?: number;
}

/**
 * Projected book reads: one SQL statement for any number of books, joined 1:1 with the monitored
 * edition (unique partial index) and with per-book aggregates for files and series.
 */
@Injectable()
export class BookRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private fromClause(scope: string): string {
    return `
      FROM book b
      JOIN author a ON a.id = b.author_id
      JOIN author_metadata m ON m.id = a.author_metadata_id
      LEFT JOIN edition e ON e.book_id = b.id AND e.monitored
      LEFT JOIN (
        SELECT l.book_id, string_agg(s.title || coalesce(' #' || nullif(l.position, ''), ''), '; '
                                     ORDER BY l.series_position, s.title) AS series_title
        FROM series_book_link l JOIN series s ON s.id = l.series_id JOIN book b ON b.id = l.book_id
        WHERE ${scope}
        GROUP BY l.book_id
      ) st ON st.book_id = b.id
      LEFT JOIN (${bookFilesAggregate(scope)}) fs ON fs.book_id = b.id`;
  }

  async find(query: BookQuery = {}): Promise<BookRow[]> {
    const scope = query.scope ?? 'true';
    const paging = [
      query.limit !== undefined ? `LIMIT ${Math.trunc(query.limit)}` : '',
      query.offset ? `OFFSET ${Math.trunc(query.offset)}` : '',
    ].join(' ');
    return this.dataSource.query(
      `SELECT b.id AS "id", b.author_id AS "authorId", b.title AS "workTitle", b.foreign_book_id AS "foreignBookId",
         b.title_slug AS "titleSlug", b.monitored AS "monitored", b.any_edition_ok AS "anyEditionOk",
         b.ratings AS "bookRatings", b.release_date AS "releaseDate", b.genres AS "genres", b.links AS "bookLinks",
         b.added AS "added", b.add_options AS "addOptions", b.last_search_time AS "lastSearchTime",
         m.sort_name_last_first AS "authorSortNameLastFirst",
         e.foreign_edition_id AS "foreignEditionId", e.title AS "editionTitle", e.page_count AS "pageCount",
         e.images AS "images", e.links AS "editionLinks", e.ratings AS "editionRatings",
         e.disambiguation AS "disambiguation",
         st.series_title AS "seriesTitle", fs.file_count AS "fileCount", fs.size AS "sizeOnDisk"
       ${this.fromClause(scope)}
       WHERE ${scope} AND ${query.where ?? 'true'}
       ORDER BY ${query.orderBy ?? 'b.id'}
       ${paging}`,
      query.params ?? [],
    );
  }

  async count(query: BookQuery = {}): Promise<number> {
    const scope = query.scope ?? 'true';
    const rows: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count
       FROM book b
       JOIN author a ON a.id = b.author_id
       JOIN author_metadata m ON m.id = a.author_metadata_id
       LEFT JOIN (${bookFilesAggregate(scope)}) fs ON fs.book_id = b.id
       WHERE ${scope} AND ${query.where ?? 'true'}`,
      query.params ?? [],
    );
    return rows[0]?.count ?? 0;
  }

  async overview(id: number): Promise<{ id: number; overview: string | null } | undefined> {
    const rows: { id: number; overview: string | null }[] = await this.dataSource.query(
      `SELECT b.id, e.overview FROM book b LEFT JOIN edition e ON e.book_id = b.id AND e.monitored WHERE b.id = $1`,
      [id],
    );
    return rows[0];
  }
}
