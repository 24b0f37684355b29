import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { MediaCoverValue } from '../../library/author/catalogue-values';

export type MetadataFileType = 'bookMetadata' | 'bookImage';

/** One file a consumer wrote (a `metadata_file` row). */
export interface MetadataFileRow {
  id: number;
  authorId: number;
  bookId: number | null;
  bookFileId: number | null;
  consumer: string;
  type: MetadataFileType;
  path: string;
  hash: string;
}

/** A book file with everything a consumer describes it by. */
export interface MetadataBookRow {
  bookFileId: number;
  path: string;
  authorId: number;
  authorTags: number[];
  authorName: string;
  authorNameLastFirst: string | null;
  bookId: number;
  foreignBookId: string;
  bookTitle: string;
  bookReleaseDate: Date | null;
  genres: string[];
  foreignEditionId: string;
  editionTitle: string;
  overview: string | null;
  publisher: string | null;
  language: string | null;
  isbn13: string | null;
  asin: string | null;
  editionReleaseDate: Date | null;
  images: MediaCoverValue[];
  seriesTitle: string | null;
  seriesPosition: string | null;
}

const COLUMNS = `id, author_id AS "authorId", book_id AS "bookId", book_file_id AS "bookFileId", consumer, type, path, hash`;

/** The `metadata_file` rows, and the catalogue rows consumers write from. */
@Injectable()
export class MetadataFileRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The book files (all of them when `bookFileIds` is undefined) of the given authors, with their catalogue data. */
  books(filter: { bookFileIds?: number[]; authorIds?: number[] }): Promise<MetadataBookRow[]> {
    return this.dataSource.query<MetadataBookRow[]>(
      `SELECT f.id AS "bookFileId", f.path, a.id AS "authorId", a.tags AS "authorTags", m.name AS "authorName",
         m.name_last_first AS "authorNameLastFirst", b.id AS "bookId", b.foreign_book_id AS "foreignBookId",
         b.title AS "bookTitle", b.release_date AS "bookReleaseDate", b.genres, e.foreign_edition_id AS "foreignEditionId",
         e.title AS "editionTitle", e.overview, e.publisher, e.language, e.isbn13, e.asin,
         e.release_date AS "editionReleaseDate", e.images, s.title AS "seriesTitle", s.position AS "seriesPosition"
       FROM book_file f
       JOIN edition e ON e.id = f.edition_id
       JOIN book b ON b.id = e.book_id
       JOIN author a ON a.id = b.author_id
       JOIN author_metadata m ON m.id = a.author_metadata_id
       LEFT JOIN LATERAL (
         SELECT se.title, l.position FROM series_book_link l JOIN series se ON se.id = l.series_id
         WHERE l.book_id = b.id ORDER BY l.is_primary DESC, l.series_position, l.id LIMIT 1
       ) s ON true
       WHERE ($1::int[] IS NULL OR f.id = ANY($1::int[])) AND ($2::int[] IS NULL OR a.id = ANY($2::int[]))
       ORDER BY f.id`,
      [filter.bookFileIds ?? null, filter.authorIds ?? null],
    );
  }

  ofBookFiles(bookFileIds: number[]): Promise<MetadataFileRow[]> {
    return this.dataSource.query<MetadataFileRow[]>(
      `SELECT ${COLUMNS} FROM metadata_file WHERE book_file_id = ANY($1::int[]) ORDER BY id`,
      [bookFileIds],
    );
  }

  /** How many rows other than `exceptIds` name `path` (files shared by several book files in one folder). */
  async othersAt(path: string, exceptIds: number[]): Promise<number> {
    const [row] = await this.dataSource.query<{ count: string }[]>(
      `SELECT count(*) AS count FROM metadata_file WHERE path = $1 AND NOT (id = ANY($2::int[]))`,
      [path, exceptIds],
    );
    return Number(row.count);
  }

  async upsert(row: Omit<MetadataFileRow, 'id'>): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO metadata_file (author_id, book_id, book_file_id, consumer, type, path, hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (book_file_id, consumer, type)
       DO UPDATE SET path = EXCLUDED.path, hash = EXCLUDED.hash, last_updated = now()`,
      [row.authorId, row.bookId, row.bookFileId, row.consumer, row.type, row.path, row.hash],
    );
  }

  async setPath(id: number, path: string): Promise<void> {
    await this.dataSource.query(`UPDATE metadata_file SET path = $2, last_updated = now() WHERE id = $1`, [id, path]);
  }

  /**
   * Points an author's rows at the folder their book file is in now (the file name stays): after the author folder
   * moved, book_file paths were rebased and the metadata files moved with the folder.
   */
  async followBookFiles(authorId: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE metadata_file mf
       SET path = regexp_replace(f.path, '/[^/]*$', '') || '/' || regexp_replace(mf.path, '^.*/', ''), last_updated = now()
       FROM book_file f
       WHERE f.id = mf.book_file_id AND mf.author_id = $1
         AND mf.path <> regexp_replace(f.path, '/[^/]*$', '') || '/' || regexp_replace(mf.path, '^.*/', '')`,
      [authorId],
    );
  }

  async delete(ids: number[]): Promise<void> {
    if (ids.length) await this.dataSource.query(`DELETE FROM metadata_file WHERE id = ANY($1::int[])`, [ids]);
  }
}
