import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AuthorMetadata } from '../../../library/author/author-metadata.entity';
import { Book } from '../../../library/book/book.entity';
import type { RematchReport } from './rematch-report';
import { RematchReportEntity } from './rematch-report.entity';

export interface LibraryAuthorRow {
  id: number;
  authorMetadataId: number;
  name: string;
  foreignAuthorId: string;
}

export interface LibraryBookRow {
  id: number;
  authorId: number;
  title: string;
  foreignBookId: string;
  isbns: string[];
  asins: string[];
  editionIds: string[];
}

/** The library's identities as a re-match reads them, the id rewrites, and the reports. */
@Injectable()
export class RematchRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  authors(): Promise<LibraryAuthorRow[]> {
    return this.dataSource.query(
      `SELECT a.id, a.author_metadata_id AS "authorMetadataId", m.name, m.foreign_author_id AS "foreignAuthorId"
         FROM author a JOIN author_metadata m ON m.id = a.author_metadata_id
        ORDER BY a.id`,
    );
  }

  books(): Promise<LibraryBookRow[]> {
    return this.dataSource.query(
      `SELECT b.id, b.author_id AS "authorId", b.title, b.foreign_book_id AS "foreignBookId",
              COALESCE(array_agg(DISTINCT e.isbn13) FILTER (WHERE e.isbn13 IS NOT NULL AND e.isbn13 <> ''), '{}') AS isbns,
              COALESCE(array_agg(DISTINCT e.asin) FILTER (WHERE e.asin IS NOT NULL AND e.asin <> ''), '{}') AS asins,
              COALESCE(array_agg(DISTINCT e.foreign_edition_id) FILTER (WHERE e.id IS NOT NULL), '{}') AS "editionIds"
         FROM book b LEFT JOIN edition e ON e.book_id = b.id
        GROUP BY b.id
        ORDER BY b.id`,
    );
  }

  /** Rewrites the ids in one transaction; an id already held by another row is refused (returned as taken). */
  async rewrite(
    authors: { authorMetadataId: number; foreignAuthorId: string }[],
    books: { id: number; foreignBookId: string }[],
  ): Promise<{ takenAuthorIds: Set<string>; takenBookIds: Set<string> }> {
    return this.dataSource.transaction(async (manager: EntityManager) => {
      const takenAuthorIds = new Set<string>();
      const takenBookIds = new Set<string>();
      for (const author of authors) {
        const holder = await manager.findOneBy(AuthorMetadata, { foreignAuthorId: author.foreignAuthorId });
        if (holder && holder.id !== author.authorMetadataId) takenAuthorIds.add(author.foreignAuthorId);
        else await manager.update(AuthorMetadata, author.authorMetadataId, { foreignAuthorId: author.foreignAuthorId });
      }
      for (const book of books) {
        const holder = await manager.findOneBy(Book, { foreignBookId: book.foreignBookId });
        if (holder && holder.id !== book.id) takenBookIds.add(book.foreignBookId);
        else await manager.update(Book, book.id, { foreignBookId: book.foreignBookId });
      }
      return { takenAuthorIds, takenBookIds };
    });
  }

  async saveReport(commandId: number, report: RematchReport): Promise<void> {
    await this.dataSource
      .getRepository(RematchReportEntity)
      .upsert({ commandId, report: report as never }, ['commandId']);
  }

  async findReport(commandId: number): Promise<RematchReport | undefined> {
    return (await this.dataSource.getRepository(RematchReportEntity).findOneBy({ commandId }))?.report;
  }
}
