import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BookFileRepository } from '../book-file/book-file.repository';
import type { CutoffSets } from '../book-file/quality-cutoff';
import { PreparedStatements } from '../../platform/database/prepared-statements';
import { asTransaction } from '../../platform/database/transaction';
import { Book } from './book.entity';
import { Edition } from './edition.entity';

/** Readarr's sort keys for wanted/missing and wanted/cutoff plus the plain column names. */
export const WANTED_SORT_COLUMNS: Record<string, string> = {
  'Books.Id': 'b.id',
  id: 'b.id',
  releaseDate: 'b.release_date',
  'books.releaseDate': 'b.release_date',
  'authorMetadata.sortName': 'm.sort_name',
  sortName: 'm.sort_name',
  'authorMetadata.sortNameLastFirst': 'm.sort_name_last_first',
  sortNameLastFirst: 'm.sort_name_last_first',
  'authorMetadata.name': 'm.name',
  'books.title': 'b.title',
  title: 'b.title',
  'books.lastSearchTime': 'b.last_search_time',
  lastSearchTime: 'b.last_search_time',
  'books.added': 'b.added',
  added: 'b.added',
};

/** One page of a wanted list. */
export interface WantedPage {
  /** A value of WANTED_SORT_COLUMNS (resolved from the client's sort key by resolvePaging). */
  sortColumn: string;
  ascending: boolean;
  limit: number;
  offset: number;
  /** The monitored view (book and author monitored) or its complement. */
  monitored: boolean;
}

function ints(values: number[]): string {
  return `ARRAY[${values.map((value) => String(Math.trunc(Number(value)))).join(',')}]::int[]`;
}

/** The SQL condition "has a file below its author's profile cutoff and no same-kind file at or above it". */
export function cutoffUnmetCondition(sets: CutoffSets[]): string {
  const parts = sets
    .filter((set) => set.below.length > 0)
    .map(
      (set) => `(a.quality_profile_id = ${Math.trunc(set.profileId)} AND EXISTS (
        SELECT 1 FROM book_file f JOIN edition fe ON fe.id = f.edition_id
        WHERE fe.book_id = b.id AND f.quality_id = ANY(${ints(set.below)})
          AND NOT EXISTS (SELECT 1 FROM book_file g JOIN edition ge ON ge.id = g.edition_id
                          WHERE ge.book_id = b.id AND g.quality_id = ANY(${ints(set.atOrAbove.length ? set.atOrAbove : [-1])}))))`,
    );
  return parts.length > 0 ? `(${parts.join(' OR ')})` : 'false';
}

/** Released and without a file (`book.file_count` is kept by triggers on book_file and edition). */
const MISSING = 'b.release_date <= now() AND b.file_count = 0';

interface BookQuery {
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

const wantedView = (page: WantedPage) =>
  page.monitored ? 'b.monitored AND a.monitored' : 'NOT (b.monitored AND a.monitored)';

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
    private readonly bookFiles: BookFileRepository,
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

  findRowsById(id: number): Promise<BookJsonRow[]> {
    return this.findRows({ scope: 'b.id = $1', params: [id] });
  }

  findRowsByIds(ids: number[]): Promise<BookJsonRow[]> {
    return this.findRows({ scope: 'b.id = ANY($1::int[])', params: [ids] });
  }

  findRowsByAuthor(authorId: number): Promise<BookJsonRow[]> {
    return this.findRows({ scope: 'b.author_id = $1', params: [authorId] });
  }

  findAllRows(): Promise<BookJsonRow[]> {
    return this.findRows({});
  }

  /**
   * The next `batchSize` books after id `afterId`, in id order: a bounded id range, so the per-book series
   * aggregate stays within the batch too (keyset batches of the whole library).
   */
  findRowsAfter(afterId: number, batchSize: number): Promise<BookJsonRow[]> {
    const scope = `b.id > $1 AND b.id <= (SELECT max(id) FROM (SELECT id FROM book WHERE id > $1 ORDER BY id LIMIT ${Math.trunc(batchSize)}) n)`;
    return this.findRows({ scope, params: [afterId] });
  }

  /** The calendar: books released between `start` and `end` (inclusive), by release date. */
  findReleasedBetween(start: Date, end: Date, monitoredOnly: boolean): Promise<BookJsonRow[]> {
    return this.findRows({
      scope: 'b.release_date >= $1 AND b.release_date <= $2',
      where: monitoredOnly ? 'b.monitored AND a.monitored' : 'true',
      params: [start, end],
      orderBy: 'b.release_date, b.id',
      prepared: true,
    });
  }

  /** wanted/missing: released books without a file, one page. */
  findMissing(page: WantedPage): Promise<BookJsonRow[]> {
    return this.findWantedPage(page, MISSING);
  }

  countMissing(page: WantedPage): Promise<number> {
    return this.countWhere(`${wantedView(page)} AND ${MISSING}`);
  }

  /** wanted/cutoff: books whose files are all below their profile's cutoff (per media kind), one page. */
  findCutoffUnmet(page: WantedPage, cutoffs: CutoffSets[]): Promise<BookJsonRow[]> {
    return this.findWantedPage(page, cutoffUnmetCondition(cutoffs));
  }

  countCutoffUnmet(page: WantedPage, cutoffs: CutoffSets[]): Promise<number> {
    return this.countWhere(`${wantedView(page)} AND ${cutoffUnmetCondition(cutoffs)}`);
  }

  /**
   * The page's ids by an index walk on the sort column (no file or series aggregate), projected in the same
   * statement. The first page (what a wanted view opens on) is prepared: planning it cost about half its
   * PostgreSQL time.
   */
  private findWantedPage(page: WantedPage, condition: string): Promise<BookJsonRow[]> {
    const direction = page.ascending ? 'ASC' : 'DESC';
    const orderBy = `${page.sortColumn} ${direction}, b.id ${direction}`;
    const pageIds = this.pageIdsSql({
      where: `${wantedView(page)} AND ${condition}`,
      orderBy,
      limit: page.limit,
      offset: page.offset,
    });
    return this.findRows({ scope: `b.id = ANY(ARRAY(${pageIds}))`, orderBy, prepared: page.offset === 0 });
  }

  /** Books projected for the wire (one statement for any number of books). */
  private async findRows(query: BookQuery): Promise<BookJsonRow[]> {
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

  /**
   * SQL for the ids of one page of books matching `where` (on `b`, `a`, `m`; no file aggregate), in `orderBy` order.
   * Cheap enough to walk an index on the sort column and stop after LIMIT rows.
   */
  private pageIdsSql(query: { where: string; orderBy: string; limit: number; offset: number }): string {
    return `SELECT b.id FROM book b
       JOIN author a ON a.id = b.author_id
       ${query.orderBy.includes('m.') ? 'JOIN author_metadata m ON m.id = a.author_metadata_id' : ''}
       WHERE ${query.where}
       ORDER BY ${query.orderBy}
       LIMIT ${Math.trunc(query.limit)} OFFSET ${Math.trunc(query.offset)}`;
  }

  /** Count of books matching `where` (on `b` and `a` only). */
  private async countWhere(where: string): Promise<number> {
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

  /** Saves a book and, when given, makes `editionId` its one monitored edition (one transaction). */
  async saveMonitoringEdition(book: Book, editionId: number | undefined): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(Book).save(book);
      if (editionId !== undefined) {
        await manager.update(Edition, { bookId: book.id, monitored: true }, { monitored: false });
        await manager.update(Edition, { id: editionId }, { monitored: true });
      }
    });
  }

  /** Deletes a book with its file rows in one transaction; answers the deleted files' paths. */
  async deleteWithFiles(id: number): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      const paths = await this.bookFiles.deleteOfBook(asTransaction(manager), id);
      await manager.query(`DELETE FROM book WHERE id = $1`, [id]);
      return paths;
    });
  }

  /** Deletes the book but keeps its file rows, unmapped (Readarr's delete without deleteFiles); answers their ids. */
  async deleteKeepingFiles(id: number): Promise<number[]> {
    return this.dataSource.transaction(async (manager) => {
      const unlinked = await this.bookFiles.unlinkOfBook(asTransaction(manager), id);
      await manager.query(`DELETE FROM book WHERE id = $1`, [id]);
      return unlinked;
    });
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
