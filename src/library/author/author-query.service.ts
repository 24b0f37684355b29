import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../platform/common/errors/domain-errors';
import { wireJsonReplacer } from '../../platform/common/wire/json-replacer';
import { EnvService } from '../../platform/env/env.service';
import { LibraryResponseCache } from '../library-cache/library-response-cache';
import { RootFolderRepository } from '../root-folder/root-folder.repository';
import type { Author } from './author.entity';
import { type AuthorMappingContext, toAuthorResource } from './author.mapper';
import { AuthorBookCountRepository } from './author-book-count.repository';
import { AuthorRepository, type NeighbourBookRow } from './author.repository';
import type { AuthorResource } from './author.resource';

/**
 * Reading authors: the entity, and the read model other features embed (`resources`: a constant number of
 * queries for any list size, mapped by `author.mapper.ts`), and the whole-library answer kept in the cache.
 */
@Injectable()
export class AuthorQueryService {
  constructor(
    private readonly repository: AuthorRepository,
    private readonly bookCounts: AuthorBookCountRepository,
    private readonly rootFolders: RootFolderRepository,
    private readonly cache: LibraryResponseCache,
    private readonly env: EnvService,
  ) {}

  /** Authors as resources: 4 queries (rows, statistics, next/last books, root folders) whatever the count. */
  async resources(ids?: number[]): Promise<AuthorResource[]> {
    if (ids && ids.length === 0) return [];
    const [rows, statistics, neighbours, rootFolderPaths] = await Promise.all([
      this.repository.findRows(ids),
      this.bookCounts.statistics(ids),
      this.repository.neighbourBooks(ids),
      this.rootFolders.paths(),
    ]);
    const context: AuthorMappingContext = {
      urlBase: this.env.get('URL_BASE'),
      rootFolderPaths,
      statistics,
      nextBooks: byAuthor(neighbours, 'next'),
      lastBooks: byAuthor(neighbours, 'last'),
    };
    return rows.map((row) => toAuthorResource(row, context));
  }

  /** GET /author: every author as the JSON body sent, from the cache while the library is unchanged. */
  async listJson(): Promise<readonly Buffer[]> {
    const { cached, recorder } = await this.cache.lookup('author');
    if (cached) return cached;
    try {
      const body = recorder.add(JSON.stringify(await this.resources(), wireJsonReplacer));
      recorder.finish();
      return [body];
    } finally {
      recorder.abandon();
    }
  }

  async resource(id: number): Promise<AuthorResource> {
    const [resource] = await this.resources([id]);
    if (!resource) throw new NotFoundError(`Author with ID ${id} does not exist`);
    return resource;
  }

  /** GET /author?titleSlug= (Quire extension): the one author a page link names, shaped like the list. */
  async resourcesByTitleSlug(titleSlug: string): Promise<AuthorResource[]> {
    const id = await this.repository.findIdByTitleSlug(titleSlug);
    return id === undefined ? [] : this.resources([id]);
  }

  async findById(id: number): Promise<Author> {
    const author = await this.repository.findById(id);
    if (!author) throw new NotFoundError(`Author with ID ${id} does not exist`);
    return author;
  }
}

function byAuthor(rows: NeighbourBookRow[], kind: 'next' | 'last'): Map<number, NeighbourBookRow> {
  return new Map(rows.filter((row) => row.kind === kind).map((row) => [row.authorId, row]));
}
