import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { Author } from '../../../library/author/author.entity';
import { AuthorMetadata } from '../../../library/author/author-metadata.entity';
import { Book } from '../../../library/book/book.entity';
import { Edition } from '../../../library/book/edition.entity';
import type { LocalIds } from './lookup-resource.mapper';

/** Which looked-up authors, books and editions are already in the library (one query per kind). */
@Injectable()
export class LibraryIndexRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(ids: { authors: string[]; books: string[]; editions: string[] }): Promise<LocalIds> {
    const local: LocalIds = { authors: new Map(), books: new Map(), editions: new Map() };
    if (ids.authors.length) {
      const rows = await this.dataSource
        .getRepository(Author)
        .createQueryBuilder('author')
        .innerJoin(AuthorMetadata, 'metadata', 'metadata.id = author.authorMetadataId')
        .select(['author.id AS id', 'metadata.foreignAuthorId AS "foreignAuthorId"'])
        .where('metadata.foreignAuthorId IN (:...ids)', { ids: [...new Set(ids.authors)] })
        .getRawMany<{ id: number; foreignAuthorId: string }>();
      for (const row of rows) local.authors.set(row.foreignAuthorId, row.id);
    }
    if (ids.books.length) {
      const books = await this.dataSource.getRepository(Book).find({
        where: { foreignBookId: In([...new Set(ids.books)]) },
        select: ['id', 'authorId', 'foreignBookId', 'monitored', 'added'],
      });
      for (const book of books) local.books.set(book.foreignBookId, book);
    }
    if (ids.editions.length) {
      const editions = await this.dataSource.getRepository(Edition).find({
        where: { foreignEditionId: In([...new Set(ids.editions)]) },
        select: ['id', 'bookId', 'foreignEditionId', 'monitored'],
      });
      for (const edition of editions) local.editions.set(edition.foreignEditionId, edition);
    }
    return local;
  }
}
