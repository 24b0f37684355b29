import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PreparedStatements } from '../database/prepared-statements';

export interface BookQuery {
  /** SQL condition on `b` only (it also narrows the aggregates). */
  scope?: string;
  /** Extra SQL condition that may use `b` (with trigger-kept file_count/file_size), `a` (author), `m` (author metadata). */
  where?: string;
  params?: unknown[];
  orderBy?: string;
  limit?: number;
  offset?: number;
  /** Run as a prepared statement (PostgreSQL): only for texts from a small set, e.g. a list's first page. */
  prepared?: boolean;
}

const wireDate = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * One book as the list query returns it: scalars, dates already in wire form and JSON columns as
 * JSON text, so the wire JSON can be assembled without parsing (see book-json.ts).
 */
export interface BookJsonRow {
  id: number;
  authorId: number;
  title: string;
  authorSortNameLastFirst: string | null;
  seriesTitle: string | null;
  disambiguation: string | null;
  foreignBookId: string;
  foreignEditionId: string | null;
  titleSlug: string;
  monitored: boolean;
  anyEditionOk: boolean;
  ratings: string;
  releaseDate: string | null;
  releaseEpoch: number | null;
  pageCount: number;
  genres: string;
  images: string;
  links: string;
  fileCount: number;
  sizeOnDisk: string;
  added: string;
  addOptions: string | null;
  lastSearchTime: string | null;
}

const BOOK_JSON_COLUMNS = `
  b.id AS "id", b.author_id AS "authorId", coalesce(e.title, b.title) AS "title",
  m.sort_name_last_first AS "authorSortNameLastFirst", st.series_title AS "seriesTitle",
  e.disambiguation AS "disambiguation", b.foreign_book_id AS "foreignBookId",
  e.foreign_edition_id AS "foreignEditionId", coalesce(b.title_slug, b.foreign_book_id) AS "titleSlug",
  b.monitored AS "monitored", b.any_edition_ok AS "anyEditionOk",
  coalesce(e.ratings, b.ratings)::text AS "ratings",
  ${wireDate('b.release_date')} AS "releaseDate",
  (extract(epoch FROM b.release_date) * 1000)::float8 AS "releaseEpoch",
  coalesce(e.page_count, 0) AS "pageCount", to_json(b.genres)::text AS "genres",
  coalesce(e.images, '[]'::jsonb)::text AS "images",
  (b.links || coalesce(e.links, '[]'::jsonb))::text AS "links",
  b.file_count AS "fileCount", b.file_size::text AS "sizeOnDisk",
  ${wireDate('b.added')} AS "added", b.add_options::text AS "addOptions",
  ${wireDate('b.last_search_time')} AS "lastSearchTime"`;

/**
 * Projected book reads: one SQL statement for any number of books, joined 1:1 with the monitored
 * edition (unique partial index) and with per-book aggregates for files and series.
 */
@Injectable()
export class BookRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly prepared: PreparedStatements,
  ) {}

  private fromClause(scope: string): string {
    return `
      FROM book b
      JOIN author a ON a.id = b.author_id
      JOIN author_metadata m ON m.id = a.author_metadata_id
      LEFT JOIN edition e ON e.book_id = b.id AND e.monitored
      LEFT JOIN (
        SELECT l.book_id, string_agg(s.title || coalesce(' #' || nullif(l.position, ''), ''), '; '
                                     ORDER BY l.series_position, s.title) AS series_title
        FROM series_book_link l JOIN series s ON s.id = l.series_id
        ${scope.trim() === 'true' ? '' : `JOIN book b ON b.id = l.book_id WHERE ${scope}`}
        GROUP BY l.book_id
      ) st ON st.book_id = b.id`;
  }

  /** Books projected for the wire (one statement for any number of books). */
  async findRows(query: BookQuery): Promise<BookJsonRow[]> {
    const scope = query.scope ?? 'true';
    const paging = [
      query.limit !== undefined ? `LIMIT ${Math.trunc(query.limit)}` : '',
      query.offset ? `OFFSET ${Math.trunc(query.offset)}` : '',
    ].join(' ');
    const text = `SELECT ${BOOK_JSON_COLUMNS}
       ${this.fromClause(scope)}
       WHERE ${scope} AND ${query.where ?? 'true'}
       ORDER BY ${query.orderBy ?? 'b.id'}
       ${paging}`;
    return query.prepared
      ? this.prepared.query<BookJsonRow>(text, query.params ?? [])
      : this.dataSource.query(text, query.params ?? []);
  }

  async count(query: BookQuery = {}): Promise<number> {
    const scope = query.scope ?? 'true';
    const rows: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count
       FROM book b
       JOIN author a ON a.id = b.author_id
       JOIN author_metadata m ON m.id = a.author_metadata_id
       WHERE ${scope} AND ${query.where ?? 'true'}`,
      query.params ?? [],
    );
    return rows[0]?.count ?? 0;
  }

  /**
   * SQL for the ids of one page of books matching `where` (on `b`, `a`, `m`; no file aggregate), in `orderBy` order.
   * Cheap enough to walk an index on the sort column and stop after LIMIT rows.
   */
  pageIdsSql(query: { where: string; orderBy: string; limit: number; offset: number }): string {
    return `SELECT b.id FROM book b
       JOIN author a ON a.id = b.author_id
       ${query.orderBy.includes('m.') ? 'JOIN author_metadata m ON m.id = a.author_metadata_id' : ''}
       WHERE ${query.where}
       ORDER BY ${query.orderBy}
       LIMIT ${Math.trunc(query.limit)} OFFSET ${Math.trunc(query.offset)}`;
  }

  /** Count of books matching `where` (on `b` and `a` only). */
  async countWhere(where: string): Promise<number> {
    const rows: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM book b JOIN author a ON a.id = b.author_id WHERE ${where}`,
    );
    return rows[0]?.count ?? 0;
  }

  /** The paged listing (`GET /book/paged`): the page's ids walk the sort index, then their rows; the count beside. */
  async findPage(request: BookPageRequest): Promise<{ rows: BookJsonRow[]; total: number }> {
    const params: unknown[] = [];
    const conditions = ['true'];
    const { filter } = request;
    if (filter.authorId !== undefined) conditions.push(`b.author_id = $${params.push(filter.authorId)}`);
    if (filter.monitored !== undefined) conditions.push(`b.monitored = $${params.push(filter.monitored)}`);
    if (filter.missing !== undefined) conditions.push(filter.missing ? 'b.file_count = 0' : 'b.file_count > 0');
    if (filter.term) conditions.push(`b.title ILIKE $${params.push(`%${filter.term.replace(/[\\%_]/g, '\\$&')}%`)}`);
    const where = conditions.join(' AND ');
    const direction = request.descending ? 'DESC' : 'ASC';
    const orderBy = `${request.sortColumn} ${direction} NULLS LAST, b.id ${direction}`;
    const idsSql = this.pageIdsSql({ where, orderBy, limit: request.limit, offset: request.offset });
    const [idRows, countRows] = await Promise.all([
      this.dataSource.query<{ id: number }[]>(idsSql, params),
      this.dataSource.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM book b WHERE ${where}`, params),
    ]);
    const ids = idRows.map((row) => row.id);
    const rows = ids.length
      ? await this.findRows({
          scope: 'b.id = ANY($1::int[])',
          params: [ids],
          orderBy: 'array_position($1::int[], b.id)',
        })
      : [];
    return { rows, total: countRows[0]?.count ?? 0 };
  }

  async overview(id: number): Promise<{ id: number; overview: string | null } | undefined> {
    const rows: { id: number; overview: string | null }[] = await this.dataSource.query(
      `SELECT b.id, e.overview FROM book b LEFT JOIN edition e ON e.book_id = b.id AND e.monitored WHERE b.id = $1`,
      [id],
    );
    return rows[0];
  }
}

/** Sort keys of the paged book listing (`GET /book/paged`), each with its SQL; id breaks ties so pages are stable. */
export const BOOK_PAGE_SORT_COLUMNS: Record<string, string> = {
  title: 'b.title',
  releaseDate: 'b.release_date',
  added: 'b.added',
  authorName: 'm.sort_name_last_first',
  id: 'b.id',
};

/** The filters of the paged book listing; every one optional, all combined with AND. */
export interface BookPageFilter {
  authorId?: number;
  monitored?: boolean;
  /** true: books without any file; false: books with at least one. */
  missing?: boolean;
  /** Case-insensitive part of the title. */
  term?: string;
}

export interface BookPageRequest {
  filter: BookPageFilter;
  sortColumn: string;
  descending: boolean;
  limit: number;
  offset: number;
}
