import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ExistingFile } from './remote-book';

/** Reads the decision rules need from other features' tables (files of books). */
@Injectable()
export class DecisionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async existingFiles(bookIds: number[]): Promise<ExistingFile[]> {
    if (bookIds.length === 0) return [];
    const rows: {
      bookId: number;
      qualityId: number;
      revision: { version?: number; real?: number } | null;
      mediaKind: 'ebook' | 'audio';
    }[] = await this.dataSource.query(
      `SELECT e.book_id AS "bookId", f.quality_id AS "qualityId", f.quality_revision AS "revision",
                f.media_kind AS "mediaKind"
         FROM book_file f JOIN edition e ON e.id = f.edition_id
         WHERE e.book_id = ANY($1::int[])`,
      [bookIds],
    );
    return rows.map((row) => ({
      bookId: row.bookId,
      qualityId: row.qualityId,
      revision: { version: row.revision?.version ?? 1, real: row.revision?.real ?? 0 },
      mediaKind: row.mediaKind,
    }));
  }
}
