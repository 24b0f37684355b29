import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { bulkInsert, inChunks } from '../../platform/database/bulk-insert';
import type { Transaction } from '../../platform/database/transaction';
import type { PagingSpec } from '../../platform/common/paging/paging';
import { BlocklistEntry } from './blocklist.entity';

/** The sort keys clients send (Readarr's and short ones) → the column `findPage` orders by. */
export const BLOCKLIST_SORT_COLUMNS: Record<string, string> = {
  date: 'bl.date',
  'blocklist.date': 'bl.date',
  sourceTitle: 'bl.source_title',
  'blocklist.sourceTitle': 'bl.source_title',
  indexer: 'bl.indexer',
  'blocklist.indexer': 'bl.indexer',
  'authorMetadata.sortName': 'm.sort_name',
};

/** The `blocklist` table. */
@Injectable()
export class BlocklistRepository {
  constructor(@InjectRepository(BlocklistEntry) private readonly entries: Repository<BlocklistEntry>) {}

  findByAuthor(authorId: number): Promise<BlocklistEntry[]> {
    return this.entries.findBy({ authorId });
  }

  async insert(entry: Omit<BlocklistEntry, 'id' | 'date'>): Promise<void> {
    await this.entries.insert(entry);
  }

  /** One page with the total; sorting by the author's sort name joins the author. */
  findPage(spec: PagingSpec): Promise<[BlocklistEntry[], number]> {
    const builder = this.entries.createQueryBuilder('bl');
    if (spec.sortColumn.startsWith('m.'))
      builder
        .leftJoin('author', 'a', 'a.id = bl.author_id')
        .leftJoin('author_metadata', 'm', 'm.id = a.author_metadata_id');
    const direction = spec.sortDirection === 'ascending' ? 'ASC' : 'DESC';
    return builder
      .orderBy(spec.sortColumn, direction)
      .addOrderBy('bl.id', direction)
      .offset(spec.offset)
      .limit(spec.pageSize)
      .getManyAndCount();
  }

  /** Answers whether the entry existed. */
  async delete(id: number): Promise<boolean> {
    return !!(await this.entries.delete({ id })).affected;
  }

  async deleteMany(ids: number[]): Promise<void> {
    if (ids.length) await this.entries.delete({ id: In(ids) });
  }

  /** Empties the blocklist; answers how many entries went. */
  async clear(): Promise<number> {
    const result = await this.entries.createQueryBuilder().delete().execute();
    return result.affected ?? 0;
  }

  /** Bulk-inserts blocklist rows in the caller's transaction (the Readarr import); ids in input order. */
  insertMany(tx: Transaction, rows: QueryDeepPartialEntity<BlocklistEntry>[]): Promise<number[]> {
    return bulkInsert(tx, BlocklistEntry, rows);
  }

  /** The blocklistKey of every blocklist row of the given authors (to add each entry once). */
  async keysOfAuthors(authorIds: number[]): Promise<Set<string>> {
    const keys = new Set<string>();
    for (const part of inChunks([...new Set(authorIds)], 5000))
      if (part.length)
        for (const row of await this.entries.find({
          select: ['date', 'sourceTitle', 'authorId'],
          where: { authorId: In(part) },
        }))
          keys.add(blocklistKey(row.date, row.sourceTitle, row.authorId));
    return keys;
  }
}

/** `date|sourceTitle|authorId`: what makes a blocklist entry the same entry. */
export function blocklistKey(date: Date, sourceTitle: string, authorId: number): string {
  return `${date.toISOString()}|${sourceTitle}|${authorId}`;
}
