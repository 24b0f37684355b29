import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { BookFileRow } from './book-file.mapper';

const ROW_SELECT = `
  SELECT f.id AS "id", f.edition_id AS "editionId", e.book_id AS "bookId", b.author_id AS "authorId",
    a.quality_profile_id AS "qualityProfileId", f.path AS "path", f.size AS "size", f.date_added AS "dateAdded",
    f.quality_id AS "qualityId", f.quality_revision AS "qualityRevision", f.indexer_flags AS "indexerFlags",
    f.media_info AS "mediaInfo"
  FROM book_file f
  LEFT JOIN edition e ON e.id = f.edition_id
  LEFT JOIN book b ON b.id = e.book_id
  LEFT JOIN author a ON a.id = b.author_id`;

/** Table `book_file`: file rows projected with their book, author and profile, and the writes other features make. */
@Injectable()
export class BookFileRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private rows(where: string, params: unknown[]): Promise<BookFileRow[]> {
    return this.dataSource.query<BookFileRow[]>(`${ROW_SELECT} WHERE ${where} ORDER BY f.id`, params);
  }

  findRowsByAuthor(authorId: number): Promise<BookFileRow[]> {
    return this.rows('b.author_id = $1', [authorId]);
  }

  findRowsByIds(ids: number[]): Promise<BookFileRow[]> {
    return this.rows('f.id = ANY($1::int[])', [ids]);
  }

  findRowsByBooks(bookIds: number[]): Promise<BookFileRow[]> {
    return this.rows('e.book_id = ANY($1::int[])', [bookIds]);
  }

  /** Files matched to no edition (found on disk, not identified). */
  findUnmappedRows(): Promise<BookFileRow[]> {
    return this.rows('f.edition_id IS NULL', []);
  }

  async setPath(id: number, path: string): Promise<void> {
    await this.dataSource.query('UPDATE book_file SET path = $1 WHERE id = $2', [path, id]);
  }

  /** Deletes one file row; answers the book and author it belonged to (null when unmapped). */
  async deleteReturningOwner(id: number): Promise<{ bookId: number | null; authorId: number | null }> {
    const [row] = await this.dataSource.query<{ bookId: number | null; authorId: number | null }[]>(
      `SELECT e.book_id AS "bookId", b.author_id AS "authorId" FROM book_file f
       LEFT JOIN edition e ON e.id = f.edition_id LEFT JOIN book b ON b.id = e.book_id WHERE f.id = $1`,
      [id],
    );
    await this.dataSource.query('DELETE FROM book_file WHERE id = $1', [id]);
    return { bookId: row?.bookId ?? null, authorId: row?.authorId ?? null };
  }
}
