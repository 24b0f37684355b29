import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { bulkInsert, inChunks } from '../../platform/database/bulk-insert';
import { asTransaction, managerOf, type Transaction } from '../../platform/database/transaction';
import { BookFileRepository } from '../book-file/book-file.repository';
import { Author } from './author.entity';
import { AuthorMetadata } from './author-metadata.entity';
import type { AddAuthorOptionsValue, LinkValue, MediaCoverValue, RatingsValue } from './catalogue-values';

/** One author joined with its metadata, as read by the list query (no entity hydration). */
export interface AuthorRow {
  id: number;
  authorMetadataId: number;
  cleanName: string;
  monitored: boolean;
  monitorNewItems: 'all' | 'none' | 'new';
  path: string;
  rootFolderPath: string | null;
  qualityProfileId: number;
  metadataProfileId: number;
  tags: number[];
  added: Date;
  lastInfoSync: Date | null;
  addOptions: AddAuthorOptionsValue | null;
  foreignAuthorId: string;
  titleSlug: string | null;
  name: string;
  sortName: string;
  nameLastFirst: string | null;
  sortNameLastFirst: string | null;
  overview: string | null;
  disambiguation: string | null;
  status: 'continuing' | 'ended';
  images: MediaCoverValue[];
  links: LinkValue[];
  genres: string[];
  ratings: RatingsValue;
}

export interface AuthorStatisticsRow {
  authorId: number;
  bookFileCount: number;
  bookCount: number;
  availableBookCount: number;
  totalBookCount: number;
  sizeOnDisk: number;
}

/** The internal Book model's scalars, for nextBook/lastBook. */
export interface NeighbourBookRow {
  kind: 'next' | 'last';
  authorId: number;
  id: number;
  authorMetadataId: number;
  foreignBookId: string;
  foreignEditionId: string | null;
  titleSlug: string | null;
  title: string;
  releaseDate: Date | null;
  links: LinkValue[];
  genres: string[];
  relatedBooks: number[];
  ratings: RatingsValue;
  lastSearchTime: Date | null;
  cleanTitle: string;
  monitored: boolean;
  anyEditionOk: boolean;
  lastInfoSync: Date | null;
  added: Date;
  addOptions: object | null;
}

export const AUTHOR_COLUMNS = `
  a.id AS "id", a.author_metadata_id AS "authorMetadataId", a.clean_name AS "cleanName", a.monitored AS "monitored",
  a.monitor_new_items AS "monitorNewItems", a.path AS "path", a.root_folder_path AS "rootFolderPath",
  a.quality_profile_id AS "qualityProfileId", a.metadata_profile_id AS "metadataProfileId", a.tags AS "tags",
  a.added AS "added", a.last_info_sync AS "lastInfoSync", a.add_options AS "addOptions",
  m.foreign_author_id AS "foreignAuthorId", m.title_slug AS "titleSlug", m.name AS "name", m.sort_name AS "sortName",
  m.name_last_first AS "nameLastFirst", m.sort_name_last_first AS "sortNameLastFirst", m.overview AS "overview",
  m.disambiguation AS "disambiguation", m.status AS "status", m.images AS "images", m.links AS "links",
  m.genres AS "genres", m.ratings AS "ratings"`;

/** An author as the Readarr import merges onto it: found by foreign id. */
export interface ExistingAuthor {
  id: number;
  authorMetadataId: number;
  foreignAuthorId: string;
  monitored: boolean;
  path: string;
}

/** Reads and writes of authors. Lists are single projected queries; statistics one aggregate. */
@Injectable()
export class AuthorRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Author) private readonly authors: Repository<Author>,
    @InjectRepository(AuthorMetadata) private readonly metadata: Repository<AuthorMetadata>,
    private readonly bookFiles: BookFileRepository,
  ) {}

  async findRows(ids?: number[]): Promise<AuthorRow[]> {
    const where = ids ? 'WHERE a.id = ANY($1::int[])' : '';
    return this.dataSource.query(
      `SELECT ${AUTHOR_COLUMNS} FROM author a JOIN author_metadata m ON m.id = a.author_metadata_id ${where}
       ORDER BY m.sort_name, a.id`,
      ids ? [ids] : [],
    );
  }

  async findRow(id: number): Promise<AuthorRow | undefined> {
    const [row] = await this.findRows([id]);
    return row;
  }

  /** Next upcoming and last released book per author, in one query (two index probes per author). */
  async neighbourBooks(ids?: number[]): Promise<NeighbourBookRow[]> {
    const filter = ids ? 'WHERE a.id = ANY($1::int[])' : '';
    const columns = `b.author_id AS "authorId", b.id AS "id", b.author_metadata_id AS "authorMetadataId",
      b.foreign_book_id AS "foreignBookId", e.foreign_edition_id AS "foreignEditionId", b.title_slug AS "titleSlug",
      coalesce(e.title, b.title) AS "title", b.release_date AS "releaseDate", b.links AS "links", b.genres AS "genres",
      b.related_books AS "relatedBooks", b.ratings AS "ratings", b.last_search_time AS "lastSearchTime",
      b.clean_title AS "cleanTitle", b.monitored AS "monitored", b.any_edition_ok AS "anyEditionOk",
      b.last_info_sync AS "lastInfoSync", b.added AS "added", b.add_options AS "addOptions"`;
    const from = `FROM book b LEFT JOIN edition e ON e.book_id = b.id AND e.monitored`;
    return this.dataSource.query(
      `SELECT nb.* FROM author a CROSS JOIN LATERAL (
         (SELECT 'next' AS kind, ${columns} ${from}
           WHERE b.author_id = a.id AND b.release_date > now() ORDER BY b.release_date ASC, b.id LIMIT 1)
         UNION ALL
         (SELECT 'last' AS kind, ${columns} ${from}
           WHERE b.author_id = a.id AND b.release_date <= now() ORDER BY b.release_date DESC, b.id LIMIT 1)
       ) nb ${filter}`,
      ids ? [ids] : [],
    );
  }

  findById(id: number, tx?: Transaction): Promise<Author | null> {
    return (tx ? managerOf(tx).getRepository(Author) : this.authors).findOneBy({ id });
  }

  findByIds(ids: number[]): Promise<Author[]> {
    return this.authors.findBy({ id: In(ids) });
  }

  /** Every author's id and foreign id, and whether it was ever refreshed, in id order. */
  refreshStates(): Promise<{ id: number; foreignAuthorId: string; neverRefreshed: boolean }[]> {
    return this.dataSource.query(
      `SELECT a.id, m.foreign_author_id AS "foreignAuthorId", a.last_info_sync IS NULL AS "neverRefreshed"
         FROM author a JOIN author_metadata m ON m.id = a.author_metadata_id ORDER BY a.id`,
    );
  }

  async findByForeignAuthorId(foreignAuthorId: string): Promise<Author | null> {
    const metadata = await this.metadata.findOneBy({ foreignAuthorId });
    return metadata ? this.authors.findOneBy({ authorMetadataId: metadata.id }) : null;
  }

  async findIdByTitleSlug(titleSlug: string): Promise<number | undefined> {
    const metadata = await this.metadata.findOneBy({ titleSlug });
    return metadata ? (await this.authors.findOneBy({ authorMetadataId: metadata.id }))?.id : undefined;
  }

  findMetadata(id: number): Promise<AuthorMetadata | null> {
    return this.metadata.findOneBy({ id });
  }

  findByPath(path: string): Promise<Author | null> {
    return this.authors.findOneBy({ path });
  }

  /** Whether another author's folder is `path` itself or lies inside it. */
  async sharesFolder(authorId: number, path: string): Promise<boolean> {
    const folder = path.replace(/\/+$/, '');
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM author WHERE id <> $1 AND (path = $2 OR left(path, length($2) + 1) = $2 || '/') LIMIT 1`,
      [authorId, folder],
    );
    return rows.length > 0;
  }

  /** All files of an author's books (paths for moving/deleting). */
  async filePaths(authorId: number): Promise<{ id: number; path: string }[]> {
    return this.dataSource.query(
      `SELECT f.id, f.path FROM book_file f JOIN edition e ON e.id = f.edition_id JOIN book b ON b.id = e.book_id
       WHERE b.author_id = $1`,
      [authorId],
    );
  }

  /** Saves the author's own columns (its metadata row is the refresh's). */
  save(author: Author): Promise<Author> {
    return this.authors.save(author);
  }

  /** Inserts a new author with its metadata row, in the caller's transaction; answers the author with its ids. */
  async insertWithMetadata(
    tx: Transaction,
    metadata: Partial<AuthorMetadata>,
    author: Omit<Partial<Author>, 'authorMetadataId'>,
  ): Promise<Author> {
    const manager = managerOf(tx);
    const savedMetadata = await manager
      .getRepository(AuthorMetadata)
      .save(manager.getRepository(AuthorMetadata).create(metadata));
    return manager
      .getRepository(Author)
      .save(manager.getRepository(Author).create({ ...author, authorMetadataId: savedMetadata.id }));
  }

  /** Saves an author; when its folder moved from `movedFrom`, rewrites its files' paths in the same transaction. */
  async saveMoved(author: Author, movedFrom: string | undefined): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(Author).save(author);
      if (movedFrom !== undefined)
        await this.bookFiles.rebaseAuthorPaths(author.id, movedFrom, author.path, asTransaction(manager));
    });
  }

  /**
   * Deletes the author with its books, editions and series links. Its file rows go too when its files went
   * (`filesDeleted`); otherwise they stay, unlinked, as Readarr keeps them: the files show as unmapped.
   */
  async delete(author: Author, filesDeleted: boolean): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (filesDeleted) await this.bookFiles.deleteOfAuthor(asTransaction(manager), author.id);
      else await this.bookFiles.unlinkOfAuthor(asTransaction(manager), author.id);
      await manager.query(`DELETE FROM author WHERE id = $1`, [author.id]);
      await manager.query(
        `DELETE FROM author_metadata m WHERE m.id = $1 AND NOT EXISTS (SELECT 1 FROM book WHERE author_metadata_id = m.id)`,
        [author.authorMetadataId],
      );
    });
  }

  /** Bulk-inserts author_metadata rows in the caller's transaction (the Readarr import); ids in input order. */
  insertManyMetadata(tx: Transaction, rows: QueryDeepPartialEntity<AuthorMetadata>[]): Promise<number[]> {
    return bulkInsert(tx, AuthorMetadata, rows);
  }

  /** Bulk-inserts author rows in the caller's transaction (the Readarr import); ids in input order. */
  insertMany(tx: Transaction, rows: QueryDeepPartialEntity<Author>[]): Promise<number[]> {
    return bulkInsert(tx, Author, rows);
  }

  /** The authors of the given foreign author ids, with what a merge compares (monitored, path). */
  async findByForeignIds(foreignIds: string[]): Promise<ExistingAuthor[]> {
    const found: ExistingAuthor[] = [];
    for (const part of inChunks([...new Set(foreignIds)], 5000)) {
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

  /** Those of the given paths an author already has. */
  async takenPaths(paths: string[]): Promise<Set<string>> {
    const taken = new Set<string>();
    for (const part of inChunks([...new Set(paths)], 5000))
      if (part.length)
        for (const author of await this.authors.find({ select: ['path'], where: { path: In(part) } }))
          taken.add(author.path);
    return taken;
  }

  /** Sets the authors monitored (never unsets), in the caller's transaction. */
  async markMonitored(tx: Transaction, ids: number[]): Promise<void> {
    for (const part of inChunks(ids, 5000))
      if (part.length) await managerOf(tx).update(Author, { id: In(part) }, { monitored: true });
  }
}
