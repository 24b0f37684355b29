import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface ScannedFile {
  path: string;
  size: number;
  modified: Date;
  qualityId: number;
  mediaKind: string;
}

/** The SQL of a library rescan: batch upserts by path, keyset walks of known rows, deletes by id. */
@Injectable()
export class DiskScanRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Inserts new paths (unmapped) and refreshes size/date of changed ones; answers the new rows. */
  async upsert(files: ScannedFile[]): Promise<{ inserted: { id: number; path: string }[]; updated: number }> {
    if (files.length === 0) return { inserted: [], updated: 0 };
    const rows: { id: number; path: string; inserted: boolean }[] = await this.dataSource.query(
      `INSERT INTO book_file (path, size, modified, quality_id, media_kind, quality_revision)
       SELECT t.path, t.size, t.modified, t.quality_id, t.media_kind, '{"version":1,"real":0,"isRepack":false}'::jsonb
       FROM unnest($1::text[], $2::bigint[], $3::timestamptz[], $4::int[], $5::text[])
         AS t(path, size, modified, quality_id, media_kind)
       ON CONFLICT (path) DO UPDATE SET size = EXCLUDED.size, modified = EXCLUDED.modified
         WHERE book_file.size IS DISTINCT FROM EXCLUDED.size
       RETURNING id, path, (xmax = 0) AS inserted`,
      [
        files.map((f) => f.path),
        files.map((f) => f.size),
        files.map((f) => f.modified),
        files.map((f) => f.qualityId),
        files.map((f) => f.mediaKind),
      ],
    );
    const inserted = rows.filter((row) => row.inserted).map(({ id, path }) => ({ id, path }));
    return { inserted, updated: rows.length - inserted.length };
  }

  /** Known rows under a folder, `limit` at a time after `afterId` (bounded memory for any library size). */
  rowsUnder(folder: string, afterId: number, limit: number): Promise<{ id: number; path: string }[]> {
    const prefix = `${folder.replace(/\/+$/, '')}/`;
    return this.dataSource.query(
      `SELECT id, path FROM book_file WHERE id > $1 AND left(path, length($2)) = $2 ORDER BY id LIMIT $3`,
      [afterId, prefix, limit],
    );
  }

  async deleteRows(ids: number[]): Promise<void> {
    if (ids.length) await this.dataSource.query(`DELETE FROM book_file WHERE id = ANY($1::int[])`, [ids]);
  }

  async mapToEdition(id: number, editionId: number): Promise<void> {
    await this.dataSource.query(`UPDATE book_file SET edition_id = $1 WHERE id = $2 AND edition_id IS NULL`, [
      editionId,
      id,
    ]);
  }

  authors(ids?: number[]): Promise<{ id: number; path: string }[]> {
    return ids?.length
      ? this.dataSource.query(`SELECT id, path FROM author WHERE id = ANY($1::int[]) ORDER BY id`, [ids])
      : this.dataSource.query(`SELECT id, path FROM author ORDER BY id`);
  }
}
