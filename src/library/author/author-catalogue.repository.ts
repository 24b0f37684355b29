import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { managerOf, type Transaction } from '../../platform/database/transaction';
import { Author } from './author.entity';
import { AuthorMetadata } from './author-metadata.entity';

/**
 * The author and author_metadata columns a metadata source states (name, overview, images, …) as a refresh reads
 * and writes them. User state (monitoring, profiles, path, tags) is never written here.
 */
@Injectable()
export class AuthorCatalogueRepository {
  constructor(
    @InjectRepository(Author) private readonly authors: Repository<Author>,
    @InjectRepository(AuthorMetadata) private readonly metadata: Repository<AuthorMetadata>,
  ) {}

  /** The author and its metadata row a refresh starts from; null when the author is not in the library. */
  async findWithMetadata(authorId: number): Promise<{ author: Author; metadata: AuthorMetadata } | null> {
    const author = await this.authors.findOneBy({ id: authorId });
    if (!author) return null;
    const metadata = await this.metadata.findOneByOrFail({ id: author.authorMetadataId });
    return { author, metadata };
  }

  /** The author of a book being refreshed (a book always has one). */
  findOwner(authorId: number): Promise<Author> {
    return this.authors.findOneByOrFail({ id: authorId });
  }

  /** The metadata row as the refresh's transaction sees it, to compare with the source. */
  findMetadata(tx: Transaction, metadataId: number): Promise<AuthorMetadata> {
    return managerOf(tx).findOneByOrFail(AuthorMetadata, { id: metadataId });
  }

  /** Writes the metadata columns that differ from the source. */
  async updateMetadata(tx: Transaction, metadataId: number, changes: Partial<AuthorMetadata>): Promise<void> {
    await managerOf(tx).update(AuthorMetadata, metadataId, changes);
  }

  /** The name the author is matched by, after the source renamed it. */
  async updateCleanName(tx: Transaction, authorId: number, cleanName: string): Promise<void> {
    await managerOf(tx).update(Author, authorId, { cleanName });
  }

  /** Records when the author's catalogue was last brought up to date with the source. */
  async markInfoSynced(tx: Transaction, authorId: number, at: Date): Promise<void> {
    await managerOf(tx).update(Author, authorId, { lastInfoSync: at });
  }
}
