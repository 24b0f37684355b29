import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityTarget, type ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { asTransaction, managerOf, type Transaction } from '../../platform/database/transaction';
import { Author } from '../../library/author/author.entity';
import { AuthorMetadata } from '../../library/author/author-metadata.entity';
import { BlocklistEntry } from '../../acquisition/blocklist/blocklist.entity';
import { Book } from '../../library/book/book.entity';
import { Edition } from '../../library/book/edition.entity';
import { BookFile } from '../../library/book-file/book-file.entity';
import { HistoryEntry } from '../../acquisition/history/history.entity';

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

  /** One transaction for a step's bulk writes (`insertMany`, `setMonitored`). */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(asTransaction(manager)));
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

  /**
   * Inserts rows inside the caller's transaction; returns their ids in input order. Ids are taken from the
   * table's sequence first, then each chunk is one `INSERT … SELECT FROM unnest(arrays)`: one bind parameter per
   * column instead of one per value (a builder-made VALUES list spent more time building than PostgreSQL did
   * inserting). jsonb and array columns travel as JSON text and are converted in SQL.
   */
  async insertMany<T extends ObjectLiteral>(
    tx: Transaction,
    target: EntityTarget<T>,
    rows: QueryDeepPartialEntity<T>[],
  ): Promise<number[]> {
    if (!rows.length) return [];
    const manager = managerOf(tx);
    const metadata = manager.connection.getMetadata(target);
    const columns = metadata.columns.filter(
      (column) =>
        !column.isPrimary && rows.some((row) => (row as Record<string, unknown>)[column.propertyName] !== undefined),
    );
    const ids: number[] = [];
    for (const part of chunks(rows, 10_000)) {
      const allocated = (
        await manager.query<{ id: number }[]>(
          `SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id FROM generate_series(1, $2)`,
          [metadata.tableName, part.length],
        )
      ).map((row) => Number(row.id));
      const parameters: unknown[] = [allocated];
      const casts = ['$1::int[]'];
      const selects = ['u.c0'];
      columns.forEach((column, index) => {
        const values = part.map((row) => (row as Record<string, unknown>)[column.propertyName] ?? null);
        const name = `u.c${index + 1}`;
        const type = String(column.type);
        if (column.isArray || type === 'jsonb') {
          parameters.push(values.map((value) => (value === null ? null : JSON.stringify(value))));
          casts.push(`$${index + 2}::text[]`);
          const element = column.isArray ? (type === 'integer' || type === 'int' ? '::int' : '') : '';
          selects.push(
            column.isArray ? `ARRAY(SELECT jsonb_array_elements_text(${name}::jsonb)${element})` : `${name}::jsonb`,
          );
        } else {
          parameters.push(values);
          casts.push(`$${index + 2}::${sqlType(type)}[]`);
          selects.push(name);
        }
      });
      const names = ['id', ...columns.map((column) => column.databaseName)].map((name) => `"${name}"`).join(', ');
      const aliases = ['c0', ...columns.map((_, index) => `c${index + 1}`)].join(', ');
      await manager.query(
        `INSERT INTO "${metadata.tableName}" (${names}) SELECT ${selects.join(', ')} FROM unnest(${casts.join(', ')}) AS u(${aliases})`,
        parameters,
      );
      ids.push(...allocated);
    }
    return ids;
  }

  async setMonitored(tx: Transaction, target: typeof Author | typeof Book, ids: number[]): Promise<void> {
    for (const part of chunks(ids, 5000))
      if (part.length) await managerOf(tx).update(target, { id: In(part) }, { monitored: true });
  }
}

export function historyKey(date: Date, eventType: number, sourceTitle: string, bookId: number | null): string {
  return `${date.toISOString()}|${eventType}|${sourceTitle}|${bookId ?? ''}`;
}

export function blocklistKey(date: Date, sourceTitle: string, authorId: number): string {
  return `${date.toISOString()}|${sourceTitle}|${authorId}`;
}

function sqlType(type: string): string {
  switch (type) {
    case 'varchar':
    case 'text':
      return 'text';
    case 'int':
    case 'integer':
      return 'int';
    case 'smallint':
      return 'smallint';
    case 'bigint':
      return 'bigint';
    case 'boolean':
      return 'boolean';
    case 'double precision':
      return 'float8';
    case 'timestamptz':
      return 'timestamptz';
    default:
      throw new Error(`insertMany: no array type for column type ${type}`);
  }
}
