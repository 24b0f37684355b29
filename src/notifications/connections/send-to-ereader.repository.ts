import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** A requested book with one of its files (file columns null for a book without files). */
export interface EReaderCandidateRow {
  bookId: number;
  title: string;
  authorName: string;
  fileId: number | null;
  path: string | null;
  qualityId: number | null;
}

const SELECT = `SELECT b.id AS "bookId", b.title, am.name AS "authorName", f.id AS "fileId", f.path,
    f.quality_id AS "qualityId"
  FROM book b
  JOIN author a ON a.id = b.author_id JOIN author_metadata am ON am.id = a.author_metadata_id`;

@Injectable()
export class SendToEReaderRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Every file of the given books (and one row with null file columns for a book without any). */
  async filesOfBooks(bookIds: number[]): Promise<EReaderCandidateRow[]> {
    return this.dataSource.query(
      `${SELECT}
       LEFT JOIN LATERAL (SELECT f.* FROM book_file f JOIN edition e ON e.id = f.edition_id WHERE e.book_id = b.id) f
         ON true
       WHERE b.id = ANY($1::int[]) ORDER BY b.id, f.id`,
      [bookIds],
    );
  }

  /** The given files with their books (unmapped files have no book and are left out). */
  async files(bookFileIds: number[]): Promise<EReaderCandidateRow[]> {
    return this.dataSource.query(
      `${SELECT}
       JOIN edition e ON e.book_id = b.id JOIN book_file f ON f.edition_id = e.id
       WHERE f.id = ANY($1::int[]) ORDER BY b.id, f.id`,
      [bookFileIds],
    );
  }

  async authorTags(authorId: number): Promise<number[]> {
    const rows: { tags: number[] }[] = await this.dataSource.query(`SELECT tags FROM author WHERE id = $1`, [authorId]);
    return rows[0]?.tags ?? [];
  }
}
