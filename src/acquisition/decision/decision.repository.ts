import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ExistingFile } from './remote-book';

/** A book file as read, before its custom formats are scored in the author's profile. */
export type StoredFile = Omit<ExistingFile, 'customFormatScore'> & {
  /** What custom formats match against (Readarr: scene name, else original path, else file name). */
  formatTitle: string;
  size: number;
  indexerFlags: number;
};

/** Reads the decision rules need from other features' tables (files of books). */
@Injectable()
export class DecisionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async existingFiles(bookIds: number[]): Promise<StoredFile[]> {
    if (bookIds.length === 0) return [];
    const rows: {
      bookId: number;
      qualityId: number;
      revision: { version?: number; real?: number } | null;
      mediaKind: 'ebook' | 'audio';
      sceneName: string | null;
      originalFilePath: string | null;
      path: string;
      releaseGroup: string | null;
      size: string | number;
      indexerFlags: number;
      dateAdded: Date;
    }[] = await this.dataSource.query(
      `SELECT e.book_id AS "bookId", f.quality_id AS "qualityId", f.quality_revision AS "revision",
                f.media_kind AS "mediaKind", f.scene_name AS "sceneName", f.original_file_path AS "originalFilePath",
                f.path, f.release_group AS "releaseGroup", f.size, f.indexer_flags AS "indexerFlags",
                f.date_added AS "dateAdded"
         FROM book_file f JOIN edition e ON e.id = f.edition_id
         WHERE e.book_id = ANY($1::int[])`,
      [bookIds],
    );
    return rows.map((row) => ({
      bookId: row.bookId,
      qualityId: row.qualityId,
      revision: { version: row.revision?.version ?? 1, real: row.revision?.real ?? 0 },
      mediaKind: row.mediaKind,
      releaseGroup: row.releaseGroup,
      dateAdded: new Date(row.dateAdded),
      formatTitle: row.sceneName || row.originalFilePath || row.path.split(/[\\/]/).pop() || '',
      size: Number(row.size),
      indexerFlags: row.indexerFlags ?? 0,
    }));
  }
}
