import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { managerOf, type Transaction } from '../../platform/database/transaction';
import { Book } from './book.entity';
import { Edition } from './edition.entity';

/**
 * Books and editions as a metadata source states them: what a refresh compares with the source, and the columns
 * it writes. Monitored flags of existing rows, files and add options are user state and never written here.
 */
@Injectable()
export class BookCatalogueRepository {
  constructor(
    @InjectRepository(Book) private readonly books: Repository<Book>,
    @InjectRepository(Edition) private readonly editions: Repository<Edition>,
  ) {}

  /** Every book's id, in id order (a refresh of the whole library). */
  async allIds(): Promise<number[]> {
    const rows = await this.books.find({ select: ['id'], order: { id: 'ASC' } });
    return rows.map((row) => row.id);
  }

  /** The author's books, only their ids and foreign ids. */
  findIdentitiesOfAuthor(authorId: number): Promise<Pick<Book, 'id' | 'foreignBookId'>[]> {
    return this.books.find({ where: { authorId }, select: ['id', 'foreignBookId'] });
  }

  /** The foreign ids of the books' editions. */
  async foreignEditionIdsOf(bookIds: number[]): Promise<string[]> {
    const rows = await this.editions.find({ where: { bookId: In(bookIds) }, select: ['foreignEditionId'] });
    return rows.map((edition) => edition.foreignEditionId);
  }

  /** The monitored edition of each book, only its book id and images (the book's cover). */
  findMonitoredCovers(bookIds: number[]): Promise<Pick<Edition, 'bookId' | 'images'>[]> {
    return this.editions.find({ where: { bookId: In(bookIds), monitored: true }, select: ['bookId', 'images'] });
  }

  findMonitoredEdition(bookId: number): Promise<Edition | null> {
    return this.editions.findOneBy({ bookId, monitored: true });
  }

  /** In the refresh's transaction: the library's books with these foreign ids, whoever their author. */
  findByForeignIds(tx: Transaction, foreignBookIds: string[]): Promise<Book[]> {
    return managerOf(tx).find(Book, { where: { foreignBookId: In(foreignBookIds) } });
  }

  /** In the refresh's transaction: the library's editions with these foreign ids, whichever their book. */
  findEditionsByForeignIds(tx: Transaction, foreignEditionIds: string[]): Promise<Edition[]> {
    return managerOf(tx).find(Edition, { where: { foreignEditionId: In(foreignEditionIds) } });
  }

  /** In the refresh's transaction: every edition of these books. */
  findEditionsOfBooks(tx: Transaction, bookIds: number[]): Promise<Edition[]> {
    return managerOf(tx).find(Edition, { where: { bookId: In(bookIds) } });
  }

  /** Writes the book columns that differ from the source. */
  async updateBook(tx: Transaction, bookId: number, changes: Partial<Book>): Promise<void> {
    await managerOf(tx).update(Book, bookId, changes);
  }

  /** Writes the edition columns that differ from the source. */
  async updateEdition(tx: Transaction, editionId: number, changes: Partial<Edition>): Promise<void> {
    await managerOf(tx).update(Edition, editionId, changes);
  }

  /** An edition the source added to a book already in the library. */
  async addEdition(tx: Transaction, edition: Partial<Edition>): Promise<void> {
    const manager = managerOf(tx);
    await manager.save(manager.create(Edition, edition));
  }
}
