import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { managerOf, type Transaction } from '../../platform/database/transaction';
import { Book } from './book.entity';
import { Edition } from './edition.entity';

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
}
