import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { RevisionValue } from '../../library/book-file/book-file.entity';
import type { MediaKind } from '../../library/profile/quality/quality';

export interface CandidateBook {
  bookId: number;
  bookTitle: string;
  foreignBookId: string;
  authorId: number;
  authorName: string;
  authorPath: string;
  qualityProfileId: number;
  editions: {
    id: number;
    title: string;
    isbn13: string | null;
    foreignEditionId: string;
    monitored: boolean;
    isEbook: boolean;
  }[];
  files: { id: number; path: string; qualityId: number; mediaKind: MediaKind; qualityRevision: RevisionValue }[];
}

const SELECT = `
  SELECT b.id AS "bookId", b.title AS "bookTitle", b.foreign_book_id AS "foreignBookId", a.id AS "authorId",
    m.name AS "authorName", a.path AS "authorPath", a.quality_profile_id AS "qualityProfileId",
    COALESCE((SELECT json_agg(json_build_object('id', e.id, 'title', e.title, 'isbn13', e.isbn13,
       'foreignEditionId', e.foreign_edition_id, 'monitored', e.monitored, 'isEbook', e.is_ebook) ORDER BY e.id)
       FROM edition e WHERE e.book_id = b.id), '[]') AS "editions",
    COALESCE((SELECT json_agg(json_build_object('id', f.id, 'path', f.path, 'qualityId', f.quality_id,
       'mediaKind', f.media_kind, 'qualityRevision', f.quality_revision) ORDER BY f.id)
       FROM book_file f JOIN edition fe ON fe.id = f.edition_id WHERE fe.book_id = b.id), '[]') AS "files"
  FROM book b JOIN author a ON a.id = b.author_id JOIN author_metadata m ON m.id = a.author_metadata_id`;

/** Books a file may belong to, with their editions and current files (one query per call). */
@Injectable()
export class ImportCandidatesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  byBooks(bookIds: number[]): Promise<CandidateBook[]> {
    if (bookIds.length === 0) return Promise.resolve([]);
    return this.dataSource.query(`${SELECT} WHERE b.id = ANY($1::int[]) ORDER BY b.id`, [bookIds]);
  }

  byAuthors(authorIds: number[]): Promise<CandidateBook[]> {
    if (authorIds.length === 0) return Promise.resolve([]);
    return this.dataSource.query(`${SELECT} WHERE a.id = ANY($1::int[]) ORDER BY b.id`, [authorIds]);
  }

  /** Every author's id and name (to find the author of a file that came without hints). */
  authors(): Promise<{ id: number; name: string }[]> {
    return this.dataSource.query(
      `SELECT a.id, m.name FROM author a JOIN author_metadata m ON m.id = a.author_metadata_id ORDER BY a.id`,
    );
  }

  /** Paths (of the given ones) already recorded as book files. */
  async knownPaths(paths: string[]): Promise<Set<string>> {
    if (paths.length === 0) return new Set();
    const rows: { path: string }[] = await this.dataSource.query(
      `SELECT path FROM book_file WHERE path = ANY($1::text[])`,
      [paths],
    );
    return new Set(rows.map((row) => row.path));
  }
}
