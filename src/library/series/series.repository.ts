import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { managerOf, type Transaction } from '../../platform/database/transaction';

/** One book's place in one series (a row of `series_book_link` with its series). */
export interface SeriesLinkRow {
  seriesId: number;
  title: string;
  description: string | null;
  monitored: boolean;
  linkId: number;
  position: string | null;
  seriesPosition: number | null;
  bookId: number;
}

export interface SeriesLinkInput {
  foreignSeriesId: string;
  title: string;
  description?: string | null;
  bookId: number;
  position?: string | null;
  seriesPosition?: number | null;
  isPrimary?: boolean;
}

/** A series row as a metadata source describes it (title always; the rest when the source knows). */
export interface SeriesValues {
  foreignSeriesId: string;
  title: string;
  description?: string | null;
  numbered?: boolean;
  workCount?: number;
  primaryWorkCount?: number;
}

/** A link as stored, with its series' foreign id, for comparing with what a source states. */
export interface StoredLink {
  id: number;
  seriesId: number;
  foreignSeriesId: string;
  bookId: number;
  position: string | null;
  seriesPosition: number | null;
  isPrimary: boolean;
}

const LINK_COLUMNS = `s.id AS "seriesId", s.title AS "title", s.description AS "description",
  s.monitored AS "monitored", l.id AS "linkId", l.position AS "position",
  l.series_position AS "seriesPosition", l.book_id AS "bookId"`;

/** The `series` and `series_book_link` tables. */
@Injectable()
export class SeriesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The series links of an author's books, by series title, then position in the series. */
  findLinksOfAuthor(authorId: number): Promise<SeriesLinkRow[]> {
    return this.dataSource.query(
      `SELECT ${LINK_COLUMNS}
       FROM series_book_link l
       JOIN series s ON s.id = l.series_id
       JOIN book b ON b.id = l.book_id
       WHERE b.author_id = $1
       ORDER BY s.title, s.id, l.series_position, l.id`,
      [authorId],
    );
  }

  /** Every link of one series (all authors), by position; a series without links gives one row of NULL links. */
  async findSeries(seriesId: number): Promise<SeriesLinkRow[]> {
    return this.dataSource.query(
      `SELECT s.id AS "seriesId", s.title AS "title", s.description AS "description", s.monitored AS "monitored",
         l.id AS "linkId", l.position AS "position", l.series_position AS "seriesPosition", l.book_id AS "bookId"
       FROM series s LEFT JOIN series_book_link l ON l.series_id = s.id
       WHERE s.id = $1
       ORDER BY l.series_position, l.id`,
      [seriesId],
    );
  }

  async setMonitored(seriesId: number, monitored: boolean): Promise<boolean> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `UPDATE series SET monitored = $2 WHERE id = $1 AND monitored IS DISTINCT FROM $2`,
      [seriesId, monitored],
    );
    return count > 0;
  }

  /** Creates the series if needed and links the book at its position (idempotent). */
  async upsertLink(input: SeriesLinkInput, tx?: Transaction): Promise<void> {
    const db = tx ? managerOf(tx) : this.dataSource.manager;
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
      [series.id, input.bookId, input.position ?? null, input.seriesPosition ?? null, input.isPrimary ?? false],
    );
  }

  findLinksOfBooks(tx: Transaction, bookIds: number[]): Promise<StoredLink[]> {
    return managerOf(tx).query(
      `SELECT l.id, l.series_id AS "seriesId", s.foreign_series_id AS "foreignSeriesId", l.book_id AS "bookId",
         l.position, l.series_position AS "seriesPosition", l.is_primary AS "isPrimary"
       FROM series_book_link l JOIN series s ON s.id = l.series_id
       WHERE l.book_id = ANY($1::int[])`,
      [bookIds],
    );
  }

  /**
   * Inserts the series that do not exist yet and updates the fields a source stated that differ (a field the
   * source left undefined keeps its stored value). Returns foreign id → {id, monitored} and the rows changed.
   */
  async upsertSeries(
    tx: Transaction,
    series: SeriesValues[],
  ): Promise<{ ids: Map<string, { id: number; monitored: boolean }>; changed: number }> {
    if (!series.length) return { ids: new Map(), changed: 0 };
    const manager = managerOf(tx);
    const json = JSON.stringify(series);
    const inserted: { id: number }[] = await manager.query(
      `INSERT INTO series (foreign_series_id, title, description, numbered, work_count, primary_work_count)
       SELECT v."foreignSeriesId", v.title, v.description, coalesce(v.numbered, false),
         coalesce(v."workCount", 0), coalesce(v."primaryWorkCount", 0)
       FROM jsonb_to_recordset($1::jsonb) AS v("foreignSeriesId" text, title text, description text,
         numbered boolean, "workCount" int, "primaryWorkCount" int)
       ON CONFLICT (foreign_series_id) DO NOTHING RETURNING id`,
      [json],
    );
    const [, updated]: [unknown, number] = await manager.query(
      `UPDATE series s SET title = v.title, description = coalesce(v.description, s.description),
         numbered = coalesce(v.numbered, s.numbered), work_count = coalesce(v."workCount", s.work_count),
         primary_work_count = coalesce(v."primaryWorkCount", s.primary_work_count)
       FROM jsonb_to_recordset($1::jsonb) AS v("foreignSeriesId" text, title text, description text,
         numbered boolean, "workCount" int, "primaryWorkCount" int)
       WHERE s.foreign_series_id = v."foreignSeriesId"
         AND (s.title, s.description, s.numbered, s.work_count, s.primary_work_count) IS DISTINCT FROM
           (v.title, coalesce(v.description, s.description), coalesce(v.numbered, s.numbered),
            coalesce(v."workCount", s.work_count), coalesce(v."primaryWorkCount", s.primary_work_count))`,
      [json],
    );
    const rows: { id: number; foreignSeriesId: string; monitored: boolean }[] = await manager.query(
      `SELECT id, foreign_series_id AS "foreignSeriesId", monitored FROM series WHERE foreign_series_id = ANY($1)`,
      [series.map((entry) => entry.foreignSeriesId)],
    );
    return {
      ids: new Map(rows.map((row) => [row.foreignSeriesId, { id: row.id, monitored: row.monitored }])),
      changed: inserted.length + updated,
    };
  }

  async insertLinks(tx: Transaction, links: Omit<StoredLink, 'id' | 'foreignSeriesId'>[]): Promise<void> {
    if (!links.length) return;
    await managerOf(tx).query(
      `INSERT INTO series_book_link (series_id, book_id, position, series_position, is_primary)
       SELECT v."seriesId", v."bookId", v.position, v."seriesPosition", v."isPrimary"
       FROM jsonb_to_recordset($1::jsonb) AS v("seriesId" int, "bookId" int, position text,
         "seriesPosition" double precision, "isPrimary" boolean)
       ON CONFLICT (series_id, book_id) DO NOTHING`,
      [JSON.stringify(links)],
    );
  }

  async updateLink(tx: Transaction, link: Omit<StoredLink, 'foreignSeriesId'>): Promise<void> {
    await managerOf(tx).query(
      `UPDATE series_book_link SET position = $2, series_position = $3, is_primary = $4 WHERE id = $1`,
      [link.id, link.position, link.seriesPosition, link.isPrimary],
    );
  }

  async deleteLinks(tx: Transaction, linkIds: number[]): Promise<void> {
    if (linkIds.length) await managerOf(tx).query(`DELETE FROM series_book_link WHERE id = ANY($1::int[])`, [linkIds]);
  }

  /**
   * Counts from the links, for series whose source gave no counts: works linked, primary links, and
   * "numbered" when a link has a position. Only rows that differ are written; returns how many.
   */
  async recountSeries(tx: Transaction, seriesIds: number[]): Promise<number> {
    if (!seriesIds.length) return 0;
    const [, count]: [unknown, number] = await managerOf(tx).query(
      `UPDATE series s SET work_count = c.works, primary_work_count = c.primaries, numbered = c.numbered
       FROM (SELECT s2.id, count(l.id)::int AS works, count(l.id) FILTER (WHERE l.is_primary)::int AS primaries,
               coalesce(bool_or(l.position IS NOT NULL), false) AS numbered
             FROM series s2 LEFT JOIN series_book_link l ON l.series_id = s2.id
             WHERE s2.id = ANY($1::int[]) GROUP BY s2.id) c
       WHERE s.id = c.id
         AND (s.work_count, s.primary_work_count, s.numbered) IS DISTINCT FROM (c.works, c.primaries, c.numbered)`,
      [seriesIds],
    );
    return count;
  }
}
