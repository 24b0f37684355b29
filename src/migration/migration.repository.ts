import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, type EntityTarget, type ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Author } from '../author/author.entity';
import { AuthorMetadata } from '../author/author-metadata.entity';
import { BlocklistEntry } from '../blocklist/blocklist.entity';
import { Book } from '../book/book.entity';
import { Edition } from '../book/edition.entity';
import { BookFile } from '../book-file/book-file.entity';
import { HistoryEntry } from '../history/history.entity';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const CHUNK = 1000;

export interface ExistingAuthor {
  id: number;
  authorMetadataId: number;
  foreignAuthorId: string;
  monitored: boolean;
  path: string;
}

export interface ExistingBook {
  id: number;
  authorId: number;
  foreignBookId: string;
  monitored: boolean;
}

export interface ExistingEdition {
  id: number;
  bookId: number;
  foreignEditionId: string;
  monitored: boolean;
}

export interface ExistingFile {
  id: number;
  path: string;
  bookId: number | null;
  mediaKind: string;
}

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * The migration's reads of the library by identity and its bulk writes (authors, books, editions, files,
 * history, blocklist): thousands of rows per statement instead of one service call per row.
 */
@Injectable()
export class MigrationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async authorsByForeignIds(foreignIds: string[]): Promise<ExistingAuthor[]> {
    const found: ExistingAuthor[] = [];
    for (const part of chunks([...new Set(foreignIds)], 5000)) {
      if (!part.length) continue;
      found.push(
        ...(await this.dataSource
          .createQueryBuilder()
          .select([
            'a.id AS id',
            'a.author_metadata_id AS "authorMetadataId"',
            'm.foreign_author_id AS "foreignAuthorId"',
          ])
          .addSelect(['a.monitored AS monitored', 'a.path AS path'])
          .from(Author, 'a')
          .innerJoin(AuthorMetadata, 'm', 'm.id = a.author_metadata_id')
          .where('m.foreign_author_id IN (:...part)', { part })
          .getRawMany<ExistingAuthor>()),
      );
    }
    return found;
  }

  async takenAuthorPaths(paths: string[]): Promise<Set<string>> {
    const taken = new Set<string>();
    for (const part of chunks([...new Set(paths)], 5000))
      if (part.length)
        for (const author of await this.dataSource
          .getRepository(Author)
          .find({ select: ['path'], where: { path: In(part) } }))
          taken.add(author.path);
    return taken;
  }

  async booksByForeignIds(foreignIds: string[]): Promise<ExistingBook[]> {
    const found: ExistingBook[] = [];
    for (const part of chunks([...new Set(foreignIds)], 5000))
      if (part.length)
        found.push(
          ...(await this.dataSource.getRepository(Book).find({
            select: ['id', 'authorId', 'foreignBookId', 'monitored'],
            where: { foreignBookId: In(part) },
          })),
        );
    return found;
  }

  async editionsByForeignIds(foreignIds: string[]): Promise<ExistingEdition[]> {
    const found: ExistingEdition[] = [];
    for (const part of chunks([...new Set(foreignIds)], 5000))
      if (part.length)
        found.push(
          ...(await this.dataSource.getRepository(Edition).find({
            select: ['id', 'bookId', 'foreignEditionId', 'monitored'],
            where: { foreignEditionId: In(part) },
          })),
        );
    return found;
  }

  /** Books (of those given) that already have a monitored edition. */
  async booksWithMonitoredEdition(bookIds: number[]): Promise<Set<number>> {
    const found = new Set<number>();
    for (const part of chunks([...new Set(bookIds)], 5000))
      if (part.length)
        for (const edition of await this.dataSource
          .getRepository(Edition)
          .find({ select: ['bookId'], where: { bookId: In(part), monitored: true } }))
          found.add(edition.bookId);
    return found;
  }

  /** Files already known by path, and the files of the given books (with their media kind). */
  async filesByPathsOrBooks(paths: string[], bookIds: number[]): Promise<ExistingFile[]> {
    const found = new Map<number, ExistingFile>();
    const query = () =>
      this.dataSource
        .createQueryBuilder()
        .select(['f.id AS id', 'f.path AS path', 'e.book_id AS "bookId"', 'f.media_kind AS "mediaKind"'])
        .from(BookFile, 'f')
        .leftJoin(Edition, 'e', 'e.id = f.edition_id');
    for (const part of chunks([...new Set(paths)], 5000))
      if (part.length)
        for (const row of await query().where('f.path IN (:...part)', { part }).getRawMany<ExistingFile>())
          found.set(row.id, row);
    for (const part of chunks([...new Set(bookIds)], 5000))
      if (part.length)
        for (const row of await query().where('e.book_id IN (:...part)', { part }).getRawMany<ExistingFile>())
          found.set(row.id, row);
    return [...found.values()];
  }

  /** `date|eventType|sourceTitle|bookId` of the history of the given authors (to add each event once). */
  async historyKeys(authorIds: number[]): Promise<Set<string>> {
    const keys = new Set<string>();
    for (const part of chunks([...new Set(authorIds)], 5000))
      if (part.length)
        for (const row of await this.dataSource.getRepository(HistoryEntry).find({
          select: ['date', 'eventType', 'sourceTitle', 'bookId'],
          where: { authorId: In(part) },
        }))
          keys.add(historyKey(row.date, row.eventType, row.sourceTitle, row.bookId));
    return keys;
  }

  async blocklistKeys(authorIds: number[]): Promise<Set<string>> {
    const keys = new Set<string>();
    for (const part of chunks([...new Set(authorIds)], 5000))
      if (part.length)
        for (const row of await this.dataSource.getRepository(BlocklistEntry).find({
          select: ['date', 'sourceTitle', 'authorId'],
          where: { authorId: In(part) },
        }))
          keys.add(blocklistKey(row.date, row.sourceTitle, row.authorId));
    return keys;
  }

  /** Inserts rows in chunks inside the caller's transaction; returns the new ids in input order. */
  async insertMany<T extends ObjectLiteral>(
    manager: EntityManager,
    target: EntityTarget<T>,
    rows: QueryDeepPartialEntity<T>[],
  ): Promise<number[]> {
    const ids: number[] = [];
    for (const part of chunks(rows)) {
      if (!part.length) continue;
      const result = await manager
        .createQueryBuilder()
        .insert()
        .into(target)
        .values(part)
        .returning(['id'])
        .updateEntity(false)
        .execute();
      ids.push(...(result.raw as { id: number }[]).map((row) => Number(row.id)));
    }
    return ids;
  }

  async setMonitored(manager: EntityManager, target: typeof Author | typeof Book, ids: number[]): Promise<void> {
    for (const part of chunks(ids, 5000))
      if (part.length) await manager.update(target, { id: In(part) }, { monitored: true });
  }
}

export function historyKey(date: Date, eventType: number, sourceTitle: string, bookId: number | null): string {
  return `${date.toISOString()}|${eventType}|${sourceTitle}|${bookId ?? ''}`;
}

export function blocklistKey(date: Date, sourceTitle: string, authorId: number): string {
  return `${date.toISOString()}|${sourceTitle}|${authorId}`;
}
