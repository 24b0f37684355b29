import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { bulkInsert, inChunks } from '../../platform/database/bulk-insert';
import { managerOf, type Transaction } from '../../platform/database/transaction';
import { BookFile } from './book-file.entity';
import type { BookFileRow } from './book-file.mapper';

/** A file as the Readarr import compares it: its path, its book (null when loose) and media kind. */
export interface ExistingFile {
  id: number;
  path: string;
  bookId: number | null;
  mediaKind: string;
}

/** A media file found on disk by a rescan. */
export interface ScannedFile {
  path: string;
  size: number;
  modified: Date;
  qualityId: number;
  mediaKind: string;
}

const ROW_SELECT = `
  SELECT f.id AS "id", f.edition_id AS "editionId", e.book_id AS "bookId", b.author_id AS "authorId",
    a.quality_profile_id AS "qualityProfileId", f.path AS "path", f.size AS "size", f.date_added AS "dateAdded",
    f.quality_id AS "qualityId", f.quality_revision AS "qualityRevision", f.indexer_flags AS "indexerFlags",
    f.media_info AS "mediaInfo"
  FROM book_file f
  LEFT JOIN edition e ON e.id = f.edition_id
  LEFT JOIN book b ON b.id = e.book_id
  LEFT JOIN author a ON a.id = b.author_id`;

/** A file row with what a delete needs: its owners and the author's folders (null when unmapped). */
export interface BookFileDeletionTarget {
  id: number;
  path: string;
  bookId: number | null;
  authorId: number | null;
  authorPath: string | null;
  rootFolderPath: string | null;
}

const TARGET_SELECT = `
  SELECT f.id AS "id", f.path AS "path", e.book_id AS "bookId", b.author_id AS "authorId",
    a.path AS "authorPath", a.root_folder_path AS "rootFolderPath"
  FROM book_file f
  LEFT JOIN edition e ON e.id = f.edition_id
  LEFT JOIN book b ON b.id = e.book_id
  LEFT JOIN author a ON a.id = b.author_id`;

/**
 * Table `book_file`: file rows projected with their book, author and profile, and every write to the table —
 * the importer's, the rescan's, and the author's and book's when they move or go.
 */
@Injectable()
export class BookFileRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get files(): Repository<BookFile> {
    return this.dataSource.getRepository(BookFile);
  }

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

  findDeletionTargets(ids: number[]): Promise<BookFileDeletionTarget[]> {
    return this.dataSource.query(`${TARGET_SELECT} WHERE f.id = ANY($1::int[]) ORDER BY f.id`, [ids]);
  }

  findDeletionTargetsOfBook(bookId: number): Promise<BookFileDeletionTarget[]> {
    return this.dataSource.query(`${TARGET_SELECT} WHERE e.book_id = $1 ORDER BY f.id`, [bookId]);
  }

  /** Files matched to no edition (found on disk, not identified). */
  findUnmappedRows(): Promise<BookFileRow[]> {
    return this.rows('f.edition_id IS NULL', []);
  }

  /** Known rows under a folder, `limit` at a time after `afterId` (bounded memory for any library size). */
  findUnder(folder: string, afterId: number, limit: number): Promise<{ id: number; path: string }[]> {
    const prefix = `${folder.replace(/\/+$/, '')}/`;
    return this.dataSource.query(
      `SELECT id, path FROM book_file WHERE id > $1 AND left(path, length($2)) = $2 ORDER BY id LIMIT $3`,
      [afterId, prefix, limit],
    );
  }

  /**
   * Unmapped rows under a folder that sit inside one of the given folders and were found before that folder's
   * owner was added (`since`), `limit` at a time.
   */
  findUnmappedFoundBefore(
    folder: string,
    owners: { path: string; since: Date }[],
    afterId: number,
    limit: number,
  ): Promise<{ id: number; path: string }[]> {
    const prefix = `${folder.replace(/\/+$/, '')}/`;
    return this.dataSource.query(
      `SELECT id, path FROM book_file f
        WHERE id > $1 AND edition_id IS NULL AND left(path, length($2)) = $2
          AND EXISTS (SELECT 1 FROM unnest($4::text[], $5::timestamptz[]) AS owner(prefix, since)
                       WHERE left(f.path, length(owner.prefix)) = owner.prefix AND f.date_added < owner.since)
        ORDER BY id LIMIT $3`,
      [
        afterId,
        prefix,
        limit,
        owners.map((owner) => `${owner.path.replace(/\/+$/, '')}/`),
        owners.map((owner) => owner.since),
      ],
    );
  }

  /** Rescan: inserts new paths (unmapped) and refreshes size/date of changed ones; answers the new rows. */
  async upsertScanned(files: ScannedFile[]): Promise<{ inserted: { id: number; path: string }[]; updated: number }> {
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

  /** Rescan: links an unmapped file to the edition it was identified as (a mapped file keeps its edition). */
  async mapToEdition(id: number, editionId: number): Promise<void> {
    await this.dataSource.query(`UPDATE book_file SET edition_id = $1 WHERE id = $2 AND edition_id IS NULL`, [
      editionId,
      id,
    ]);
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

  /** The files as entities (for edits that save them back). */
  findByIds(ids: number[]): Promise<BookFile[]> {
    return this.files.findBy({ id: In(ids) });
  }

  async saveAll(files: BookFile[]): Promise<void> {
    await this.files.save(files);
  }

  /** Inserts a file row; answers it with its id. */
  create(values: Partial<BookFile>): Promise<BookFile> {
    return this.files.save(this.files.create(values));
  }

  /** Deletes file rows; answers each with the book and author it belonged to (null when unmapped). */
  async deleteReturningOwners(
    ids: number[],
  ): Promise<{ id: number; path: string; bookId: number | null; authorId: number | null }[]> {
    if (ids.length === 0) return [];
    return this.dataSource.transaction(async (manager) => {
      const owners: { id: number; path: string; bookId: number | null; authorId: number | null }[] =
        await manager.query(
          `SELECT f.id, f.path, e.book_id AS "bookId", b.author_id AS "authorId" FROM book_file f
           LEFT JOIN edition e ON e.id = f.edition_id LEFT JOIN book b ON b.id = e.book_id
           WHERE f.id = ANY($1::int[]) ORDER BY f.id`,
          [ids],
        );
      await manager.query(`DELETE FROM book_file WHERE id = ANY($1::int[])`, [ids]);
      return owners;
    });
  }

  /** Deletes rows whose files are gone from disk. */
  async deleteByIds(ids: number[]): Promise<void> {
    if (ids.length) await this.dataSource.query(`DELETE FROM book_file WHERE id = ANY($1::int[])`, [ids]);
  }

  /** Deletes the rows of a book's files (in the caller's transaction); answers their paths. */
  async deleteOfBook(tx: Transaction, bookId: number): Promise<string[]> {
    const deleted: [{ path: string }[], number] = await managerOf(tx).query(
      `DELETE FROM book_file f USING edition e WHERE e.id = f.edition_id AND e.book_id = $1 RETURNING f.path`,
      [bookId],
    );
    return deleted[0].map((row) => row.path);
  }

  /**
   * Unlinks a book's files from its editions (in the caller's transaction), as Readarr does when a book is deleted
   * without its files: the rows stay, unmapped, so the files show in the unmapped files list. Answers their ids.
   */
  async unlinkOfBook(tx: Transaction, bookId: number): Promise<number[]> {
    const unlinked: [{ id: number }[], number] = await managerOf(tx).query(
      `UPDATE book_file f SET edition_id = NULL FROM edition e WHERE e.id = f.edition_id AND e.book_id = $1
       RETURNING f.id`,
      [bookId],
    );
    return unlinked[0].map((row) => row.id);
  }

  /** Unlinks an author's files from its editions (in the caller's transaction): the rows stay, unmapped. */
  async unlinkOfAuthor(tx: Transaction, authorId: number): Promise<void> {
    await managerOf(tx).query(
      `UPDATE book_file f SET edition_id = NULL FROM edition e, book b WHERE e.id = f.edition_id AND b.id = e.book_id
       AND b.author_id = $1`,
      [authorId],
    );
  }

  /** Deletes the rows of an author's files (in the caller's transaction); the files on disk stay. */
  async deleteOfAuthor(tx: Transaction, authorId: number): Promise<void> {
    await managerOf(tx).query(
      `DELETE FROM book_file f USING edition e, book b WHERE e.id = f.edition_id AND b.id = e.book_id
       AND b.author_id = $1`,
      [authorId],
    );
  }

  /** Rewrites the stored paths of an author's files after its folder moved from `oldPath` to `newPath`. */
  async rebaseAuthorPaths(authorId: number, oldPath: string, newPath: string, tx?: Transaction): Promise<void> {
    await (tx ? managerOf(tx) : this.dataSource.manager).query(
      `UPDATE book_file f SET path = $3 || substr(f.path, length($2) + 1)
       FROM edition e JOIN book b ON b.id = e.book_id
       WHERE e.id = f.edition_id AND b.author_id = $1 AND (f.path = $2 OR f.path LIKE $4)`,
      [authorId, oldPath, newPath, `${oldPath.replace(/[\\%_]/g, '\\$&')}/%`],
    );
  }

  /** Bulk-inserts book_file rows in the caller's transaction (the Readarr import); ids in input order. */
  insertMany(tx: Transaction, rows: QueryDeepPartialEntity<BookFile>[]): Promise<number[]> {
    return bulkInsert(tx, BookFile, rows);
  }

  /** Files already known by path, and the files of the given books (with their media kind). */
  async findByPathsOrBooks(paths: string[], bookIds: number[]): Promise<ExistingFile[]> {
    const found = new Map<number, ExistingFile>();
    const select = (where: string, values: unknown[]) =>
      this.dataSource.query<ExistingFile[]>(
        `SELECT f.id AS id, f.path AS path, e.book_id AS "bookId", f.media_kind AS "mediaKind"
         FROM book_file f LEFT JOIN edition e ON e.id = f.edition_id WHERE ${where}`,
        [values],
      );
    for (const part of inChunks([...new Set(paths)], 5000))
      if (part.length) for (const row of await select('f.path = ANY($1::text[])', part)) found.set(row.id, row);
    for (const part of inChunks([...new Set(bookIds)], 5000))
      if (part.length) for (const row of await select('e.book_id = ANY($1::int[])', part)) found.set(row.id, row);
    return [...found.values()];
  }
}
