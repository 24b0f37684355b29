import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { RevisionValue } from '../../library/book-file/book-file.entity';
import type { NamingContext } from './naming-engine';

/** A book (edition) with its author, everything naming needs; `file*` columns only for file rows. */
export interface NamingRow {
  bookFileId: number | null;
  path: string | null;
  qualityId: number | null;
  qualityRevision: RevisionValue | null;
  releaseGroup: string | null;
  sceneName: string | null;
  originalFilePath: string | null;
  part: number | null;
  partCount: number | null;
  mediaInfo: Record<string, unknown> | null;
  mediaKind: string | null;
  /** Bytes, as PostgreSQL returns a bigint (text). */
  size: string | null;
  dateAdded: Date | null;
  editionId: number;
  editionTitle: string;
  editionReleaseDate: Date | null;
  editionDisambiguation: string | null;
  bookId: number;
  bookTitle: string;
  bookReleaseDate: Date | null;
  foreignBookId: string;
  authorId: number;
  authorPath: string;
  authorName: string;
  authorNameLastFirst: string | null;
  authorDisambiguation: string | null;
  foreignAuthorId: string;
  seriesTitle: string | null;
  seriesPosition: string | null;
}

const SELECT = `
  SELECT f.id AS "bookFileId", f.path AS "path", f.quality_id AS "qualityId", f.quality_revision AS "qualityRevision",
    f.release_group AS "releaseGroup", f.scene_name AS "sceneName", f.original_file_path AS "originalFilePath",
    f.part AS "part", f.part_count AS "partCount", f.media_info AS "mediaInfo", f.media_kind AS "mediaKind",
    f.size AS "size", f.date_added AS "dateAdded",
    e.id AS "editionId", e.title AS "editionTitle", e.release_date AS "editionReleaseDate",
    e.disambiguation AS "editionDisambiguation", b.id AS "bookId", b.title AS "bookTitle",
    b.release_date AS "bookReleaseDate", b.foreign_book_id AS "foreignBookId", a.id AS "authorId", a.path AS "authorPath", m.name AS "authorName",
    m.name_last_first AS "authorNameLastFirst", m.disambiguation AS "authorDisambiguation",
    m.foreign_author_id AS "foreignAuthorId",
    s.title AS "seriesTitle", s.position AS "seriesPosition"`;

const JOINS = `
  JOIN book b ON b.id = e.book_id
  JOIN author a ON a.id = b.author_id
  JOIN author_metadata m ON m.id = a.author_metadata_id
  LEFT JOIN LATERAL (
    SELECT se.title, l.position FROM series_book_link l JOIN series se ON se.id = l.series_id
    WHERE l.book_id = b.id ORDER BY l.is_primary DESC, l.series_position, l.id LIMIT 1
  ) s ON true`;

/** Reads the catalogue rows behind file names (one query per call, never one per file). */
@Injectable()
export class NamingContextRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  filesOf(filter: { authorIds?: number[]; bookIds?: number[]; bookFileIds?: number[] }): Promise<NamingRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: number[] | undefined) => {
      if (!value) return;
      params.push(value);
      where.push(sql.replace('$$', `$${params.length}`));
    };
    add('a.id = ANY($$::int[])', filter.authorIds);
    add('b.id = ANY($$::int[])', filter.bookIds);
    add('f.id = ANY($$::int[])', filter.bookFileIds);
    return this.dataSource.query<NamingRow[]>(
      `${SELECT} FROM book_file f JOIN edition e ON e.id = f.edition_id ${JOINS}
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY f.id`,
      params,
    );
  }

  /** The edition to name a new file after: the given one, else the book's monitored edition, else its first. */
  async book(bookId: number, editionId?: number): Promise<NamingRow | undefined> {
    const rows = await this.dataSource.query<NamingRow[]>(
      `${SELECT.replace(/f\.[a-z_]+ AS/g, 'NULL AS')} FROM edition e ${JOINS}
       WHERE b.id = $1 AND ($2::int IS NULL OR e.id = $2) ORDER BY e.monitored DESC, e.id LIMIT 1`,
      [bookId, editionId ?? null],
    );
    return rows[0];
  }
}

export function toNamingContext(row: NamingRow): NamingContext {
  return {
    author: {
      name: row.authorName,
      sortNameLastFirst: row.authorNameLastFirst,
      disambiguation: row.authorDisambiguation,
    },
    book: {
      title: row.bookTitle,
      releaseDate: row.bookReleaseDate,
      seriesTitle: row.seriesTitle,
      seriesPosition: row.seriesPosition,
    },
    edition: {
      title: row.editionTitle,
      releaseDate: row.editionReleaseDate,
      disambiguation: row.editionDisambiguation,
    },
    file:
      row.qualityId === null
        ? undefined
        : {
            qualityId: row.qualityId,
            revision: row.qualityRevision ?? undefined,
            releaseGroup: row.releaseGroup,
            sceneName: row.sceneName,
            originalFilePath: row.originalFilePath,
            part: row.part ?? 1,
            partCount: row.partCount ?? 1,
            mediaInfo: row.mediaInfo as NonNullable<NamingContext['file']>['mediaInfo'],
          },
  };
}
