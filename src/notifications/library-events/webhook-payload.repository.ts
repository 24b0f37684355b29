import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { qualityById } from '../../library/profile/quality/quality';
import { formatDate } from '../../platform/common/wire/json-replacer';
import type { WebhookAuthor, WebhookBook, WebhookBookFile } from './webhook-payload.types';

interface BookRow {
  id: number;
  foreign_book_id: string;
  title: string;
  release_date: Date | null;
  edition_title: string | null;
  foreign_edition_id: string | null;
  asin: string | null;
  isbn13: string | null;
}

interface FileRow {
  id: number;
  path: string;
  quality_id: number;
  quality_revision: { version?: number } | null;
  release_group: string | null;
  scene_name: string | null;
  size: string;
  date_added: Date;
}

/** As Readarr writes dates: UTC, without fractions. */
const iso = (value: Date | null) => (value ? formatDate(new Date(value)) : undefined);

/** The library rows Readarr's webhook objects are made of (author, books with their monitored edition, files). */
@Injectable()
export class WebhookPayloadRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async author(id: number | null | undefined): Promise<WebhookAuthor | undefined> {
    if (typeof id !== 'number') return undefined;
    const [row] = await this.dataSource.query<{ id: number; name: string; path: string; foreign_author_id: string }[]>(
      `SELECT a.id, m.name, a.path, m.foreign_author_id
         FROM author a JOIN author_metadata m ON m.id = a.author_metadata_id WHERE a.id = $1`,
      [id],
    );
    return row ? { id: row.id, name: row.name, path: row.path, goodreadsId: row.foreign_author_id } : undefined;
  }

  /** The books in the order asked for; a book that no longer exists is left out. */
  async books(ids: number[]): Promise<WebhookBook[]> {
    if (ids.length === 0) return [];
    const rows = await this.dataSource.query<BookRow[]>(
      `SELECT b.id, b.foreign_book_id, b.title, b.release_date,
              e.title AS edition_title, e.foreign_edition_id, e.asin, e.isbn13
         FROM book b LEFT JOIN edition e ON e.book_id = b.id AND e.monitored
        WHERE b.id = ANY($1::int[])`,
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [bookOf(row)] : [];
    });
  }

  async bookFiles(ids: number[]): Promise<WebhookBookFile[]> {
    if (ids.length === 0) return [];
    const rows = await this.dataSource.query<FileRow[]>(
      `SELECT id, path, quality_id, quality_revision, release_group, scene_name, size, date_added
         FROM book_file WHERE id = ANY($1::int[])`,
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [fileOf(row)] : [];
    });
  }

  /** A download client's name and implementation (Readarr's `downloadClient` and `downloadClientType`). */
  async downloadClient(id: number | null | undefined): Promise<{ name: string; type: string } | undefined> {
    if (typeof id !== 'number') return undefined;
    const [row] = await this.dataSource.query<{ name: string; implementation: string }[]>(
      `SELECT name, implementation FROM provider_definition WHERE kind = 'downloadClient' AND id = $1`,
      [id],
    );
    return row ? { name: row.name, type: row.implementation } : undefined;
  }

  /** The download client that holds a download, by the client's download id. */
  async downloadClientOf(downloadId: string | undefined): Promise<{ name: string; type: string } | undefined> {
    if (!downloadId) return undefined;
    const [row] = await this.dataSource.query<{ download_client_id: number }[]>(
      'SELECT download_client_id FROM tracked_download WHERE download_id = $1 ORDER BY id DESC LIMIT 1',
      [downloadId],
    );
    return this.downloadClient(row?.download_client_id);
  }

  async customFormatNames(ids: number[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.dataSource.query<{ id: number; name: string }[]>(
      'SELECT id, name FROM custom_format WHERE id = ANY($1::int[])',
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row.name]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }
}

function bookOf(row: BookRow): WebhookBook {
  return {
    id: row.id,
    goodreadsId: row.foreign_book_id,
    title: row.title,
    edition:
      row.foreign_edition_id === null
        ? undefined
        : {
            title: row.edition_title ?? undefined,
            goodreadsId: row.foreign_edition_id,
            asin: row.asin ?? undefined,
            isbn13: row.isbn13 ?? undefined,
          },
    releaseDate: iso(row.release_date),
  };
}

function fileOf(row: FileRow): WebhookBookFile {
  return {
    id: row.id,
    path: row.path,
    quality: qualityById(row.quality_id)?.name ?? 'Unknown',
    qualityVersion: row.quality_revision?.version ?? 1,
    releaseGroup: row.release_group ?? undefined,
    sceneName: row.scene_name ?? undefined,
    size: Number(row.size),
    dateAdded: iso(row.date_added),
  };
}
