import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { bulkInsert, inChunks } from '../../platform/database/bulk-insert';
import { managerOf, type Transaction } from '../../platform/database/transaction';
import { Book } from './book.entity';
import { Edition } from './edition.entity';

/** A book as the Readarr import merges onto it: found by foreign id. */
export interface ExistingBook {
  id: number;
  authorId: number;
  foreignBookId: string;
  monitored: boolean;
}

/** An edition as the Readarr import merges onto it: found by foreign id. */
export interface ExistingEdition {
  id: number;
  bookId: number;
  foreignEditionId: string;
  monitored: boolean;
}

/**
 * Books and editions as entities: finds, the monitored flag, a new book with its editions. The projected rows
 * the API answers with are BookRepository's.
 */
@Injectable()
export class BookRecordRepository {
  constructor(
    @InjectRepository(Book) private readonly books: Repository<Book>,
    @InjectRepository(Edition) private readonly editions: Repository<Edition>,
  ) {}

  findById(id: number): Promise<Book | null> {
    return this.books.findOneBy({ id });
  }

  findByIds(ids: number[]): Promise<Book[]> {
    return this.books.findBy({ id: In(ids) });
  }

  findByTitleSlug(titleSlug: string): Promise<Book | null> {
    return this.books.findOneBy({ titleSlug });
  }

  existsWithForeignId(foreignBookId: string): Promise<boolean> {
    return this.books.existsBy({ foreignBookId });
  }

  /** Every book of an author with its monitored flag. */
  findMonitoringOfAuthor(authorId: number): Promise<Pick<Book, 'id' | 'monitored'>[]> {
    return this.books.find({ select: ['id', 'monitored'], where: { authorId }, order: { id: 'ASC' } });
  }

  async setMonitored(ids: number[], monitored: boolean): Promise<void> {
    await this.books.update({ id: In(ids) }, { monitored });
  }

  findEditionsOfBook(bookId: number): Promise<Edition[]> {
    return this.editions.findBy({ bookId });
  }

  /** By book, then by id. */
  findEditionsOfBooks(bookIds: number[]): Promise<Edition[]> {
    return this.editions.find({ where: { bookId: In(bookIds) }, order: { bookId: 'ASC', id: 'ASC' } });
  }

  /** Inserts a book and then its editions, in the caller's transaction; answers the book with its id. */
  async insertWithEditions(
    tx: Transaction,
    book: Partial<Book>,
    editions: Omit<Partial<Edition>, 'bookId'>[],
  ): Promise<Book> {
    const books = managerOf(tx).getRepository(Book);
    const saved = await books.save(books.create(book));
    const rows = managerOf(tx).getRepository(Edition);
    await rows.save(editions.map((edition) => rows.create({ ...edition, bookId: saved.id })));
    return saved;
  }

  /** Bulk-inserts book rows in the caller's transaction (the Readarr import); ids in input order. */
  insertMany(tx: Transaction, rows: QueryDeepPartialEntity<Book>[]): Promise<number[]> {
    return bulkInsert(tx, Book, rows);
  }

  /** Bulk-inserts edition rows in the caller's transaction (the Readarr import); ids in input order. */
  insertManyEditions(tx: Transaction, rows: QueryDeepPartialEntity<Edition>[]): Promise<number[]> {
    return bulkInsert(tx, Edition, rows);
  }

  /** The books of the given foreign book ids, with their monitored flag. */
  async findByForeignIds(foreignIds: string[]): Promise<ExistingBook[]> {
    const found: ExistingBook[] = [];
    for (const part of inChunks([...new Set(foreignIds)], 5000))
      if (part.length)
        found.push(
          ...(await this.books.find({
            select: ['id', 'authorId', 'foreignBookId', 'monitored'],
            where: { foreignBookId: In(part) },
          })),
        );
    return found;
  }

  /** The editions of the given foreign edition ids, with their monitored flag. */
  async findEditionsByForeignIds(foreignIds: string[]): Promise<ExistingEdition[]> {
    const found: ExistingEdition[] = [];
    for (const part of inChunks([...new Set(foreignIds)], 5000))
      if (part.length)
        found.push(
          ...(await this.editions.find({
            select: ['id', 'bookId', 'foreignEditionId', 'monitored'],
            where: { foreignEditionId: In(part) },
          })),
        );
    return found;
  }

  /** Books (of those given) that already have a monitored edition. */
  async booksWithMonitoredEdition(bookIds: number[]): Promise<Set<number>> {
    const found = new Set<number>();
    for (const part of inChunks([...new Set(bookIds)], 5000))
      if (part.length)
        for (const edition of await this.editions.find({
          select: ['bookId'],
          where: { bookId: In(part), monitored: true },
        }))
          found.add(edition.bookId);
    return found;
  }

  /** Sets the books monitored (never unsets), in the caller's transaction. */
  async markMonitored(tx: Transaction, ids: number[]): Promise<void> {
    for (const part of inChunks(ids, 5000))
      if (part.length) await managerOf(tx).update(Book, { id: In(part) }, { monitored: true });
  }
}
