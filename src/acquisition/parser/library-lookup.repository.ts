import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** An author as search and decisions need it. */
export interface LibraryAuthor {
  id: number;
  name: string;
  aliases: string[];
  monitored: boolean;
  qualityProfileId: number;
  tags: number[];
}

/** A book as search and decisions need it (page count and kind from its monitored edition). */
export interface LibraryBook {
  id: number;
  authorId: number;
  title: string;
  editionTitle: string | null;
  monitored: boolean;
  releaseDate: Date | null;
  pageCount: number;
}

const AUTHOR_SELECT = `
  SELECT a.id, m.name, m.aliases, a.monitored, a.quality_profile_id AS "qualityProfileId", a.tags
  FROM author a JOIN author_metadata m ON m.id = a.author_metadata_id`;

const BOOK_SELECT = `
  SELECT b.id, b.author_id AS "authorId", b.title, e.title AS "editionTitle", b.monitored,
         b.release_date AS "releaseDate", coalesce(e.page_count, 0) AS "pageCount"
  FROM book b LEFT JOIN edition e ON e.book_id = b.id AND e.monitored`;

/** Small read model of the catalogue for release matching (parse, search, RSS, decisions). */
@Injectable()
export class LibraryLookupRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  authors(ids?: number[]): Promise<LibraryAuthor[]> {
    return ids
      ? this.dataSource.query(`${AUTHOR_SELECT} WHERE a.id = ANY($1::int[]) ORDER BY a.id`, [ids])
      : this.dataSource.query(`${AUTHOR_SELECT} ORDER BY a.id`);
  }

  async author(id: number): Promise<LibraryAuthor | undefined> {
    return (await this.authors([id]))[0];
  }

  booksOfAuthors(authorIds: number[]): Promise<LibraryBook[]> {
    return this.dataSource.query(`${BOOK_SELECT} WHERE b.author_id = ANY($1::int[]) ORDER BY b.id`, [authorIds]);
  }

  books(ids: number[]): Promise<LibraryBook[]> {
    return this.dataSource.query(`${BOOK_SELECT} WHERE b.id = ANY($1::int[]) ORDER BY b.id`, [ids]);
  }

  /** Authors whose clean name or an alias could match a parsed name (caller compares clean forms). */
  async authorsByCleanName(cleanNames: string[]): Promise<LibraryAuthor[]> {
    if (cleanNames.length === 0) return [];
    return this.dataSource.query(
      `${AUTHOR_SELECT} WHERE a.clean_name = ANY($1::text[]) OR cardinality(m.aliases) > 0 ORDER BY a.id`,
      [cleanNames],
    );
  }
}
