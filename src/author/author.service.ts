import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { NotFoundError, ValidationError, type ValidationFailure, failure } from '../common/errors/domain-errors';
import { wireJsonReplacer } from '../common/wire/json-replacer';
import { EnvService } from '../env/env.service';
import { ImportListExclusionService } from '../import-list-exclusion/import-list-exclusion.service';
import { LibraryResponseCache } from '../library-cache/library-response-cache';
import { MetadataProfileService } from '../profile/metadata-profile/metadata-profile.service';
import { QualityProfileService } from '../profile/quality-profile/quality-profile.service';
import { RootFolderRepository } from '../root-folder/root-folder.repository';
import { TagService } from '../tag/tag.service';
import { AuthorDiskService } from './author-disk.service';
import { greaterThanZero, normalizePath, validPath } from './author-validation';
import { Author } from './author.entity';
import { AuthorDeletedEvent, AuthorEditedEvent } from './author.events';
import { type AuthorMappingContext, toAuthorResource } from './author.mapper';
import { AuthorBookCountRepository } from './author-book-count.repository';
import { AuthorRepository, type NeighbourBookRow } from './author.repository';
import type { AuthorResource } from './author.resource';

export interface AuthorUpdateInput {
  monitored?: boolean;
  monitorNewItems?: Author['monitorNewItems'];
  qualityProfileId?: number;
  metadataProfileId?: number;
  path?: string;
  rootFolderPath?: string;
  tags?: number[];
}

export interface DeleteAuthorOptions {
  deleteFiles?: boolean;
  addImportListExclusion?: boolean;
}

/** Reads authors as resources (constant number of queries for any list size), updates and deletes them. */
@Injectable()
export class AuthorService {
  constructor(
    private readonly repository: AuthorRepository,
    private readonly bookCounts: AuthorBookCountRepository,
    private readonly disk: AuthorDiskService,
    private readonly qualityProfiles: QualityProfileService,
    private readonly metadataProfiles: MetadataProfileService,
    private readonly tags: TagService,
    private readonly exclusions: ImportListExclusionService,
    private readonly events: EventEmitter2,
    private readonly env: EnvService,
    private readonly cache: LibraryResponseCache,
    private readonly rootFolders: RootFolderRepository,
  ) {}

  /** Authors as resources: 4 queries (rows, statistics, next/last books, root folders) whatever the count. */
  async resources(ids?: number[]): Promise<AuthorResource[]> {
    if (ids && ids.length === 0) return [];
    const [rows, statistics, neighbours, rootFolderPaths] = await Promise.all([
      this.repository.findRows(ids),
      this.bookCounts.statistics(ids),
      this.repository.neighbourBooks(ids),
      this.rootFolderPaths(),
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

  /** PUT /author: monitoring, profiles, tags and path; with `moveFiles` the folder really moves on disk. */
  async update(id: number, input: AuthorUpdateInput, moveFiles: boolean): Promise<Author> {
    const author = await this.findById(id);
    await this.validateUpdate(author, input);
    const previousPath = author.path;
    if (input.monitored !== undefined) author.monitored = input.monitored;
    if (input.monitorNewItems !== undefined) author.monitorNewItems = input.monitorNewItems;
    if (input.qualityProfileId !== undefined) author.qualityProfileId = input.qualityProfileId;
    if (input.metadataProfileId !== undefined) author.metadataProfileId = input.metadataProfileId;
    if (input.tags !== undefined) author.tags = [...new Set(input.tags)];
    if (input.rootFolderPath) author.rootFolderPath = normalizePath(input.rootFolderPath);
    if (input.path) author.path = normalizePath(input.path);
    await this.saveWithMove(author, previousPath, moveFiles);
    return author;
  }

  /** Saves an author whose path may have changed; moves the folder first when asked. */
  async saveWithMove(author: Author, previousPath: string, moveFiles: boolean): Promise<void> {
    const moved = moveFiles && previousPath !== author.path && (await this.disk.moveFolder(previousPath, author.path));
    try {
      await this.repository.saveMoved(author, moved ? previousPath : undefined);
    } catch (error) {
      if (moved) await this.disk.moveFolder(author.path, previousPath);
      throw error;
    }
    this.events.emit(AuthorEditedEvent.NAME, new AuthorEditedEvent(author, previousPath));
  }

  async delete(id: number, options: DeleteAuthorOptions): Promise<void> {
    const author = await this.findById(id);
    const metadata = await this.repository.findMetadata(author.authorMetadataId);
    await this.repository.delete(author);
    if (options.deleteFiles) await this.disk.deleteFolder(author.path);
    if (options.addImportListExclusion && metadata) {
      await this.exclusions.add({ foreignId: metadata.foreignAuthorId, authorName: metadata.name });
    }
    this.events.emit(
      AuthorDeletedEvent.NAME,
      new AuthorDeletedEvent(
        author.id,
        metadata?.foreignAuthorId ?? '',
        metadata?.name ?? '',
        author.path,
        !!options.deleteFiles,
        !!options.addImportListExclusion,
      ),
    );
  }

  /** Checks profile ids, tags and a new path (absolute, not another author's). */
  async validateUpdate(author: Author | undefined, input: AuthorUpdateInput): Promise<void> {
    const failures = await this.updateFailures(author, input);
    if (failures.length > 0) throw new ValidationError(failures);
    if (input.tags?.length) await this.tags.assertExist(input.tags);
  }

  async updateFailures(author: Author | undefined, input: AuthorUpdateInput): Promise<ValidationFailure[]> {
    const failures: ValidationFailure[] = [];
    if (input.qualityProfileId !== undefined) {
      const invalid = greaterThanZero('qualityProfileId', 'Quality Profile Id', input.qualityProfileId);
      if (invalid) failures.push(invalid);
      else if (!(await this.qualityProfiles.exists(input.qualityProfileId)))
        failures.push(failure('qualityProfileId', 'Quality Profile does not exist', input.qualityProfileId));
    }
    if (input.metadataProfileId !== undefined) {
      const invalid = greaterThanZero('metadataProfileId', 'Metadata Profile Id', input.metadataProfileId);
      if (invalid) failures.push(invalid);
      else if (!(await this.metadataProfiles.exists(input.metadataProfileId)))
        failures.push(failure('metadataProfileId', 'Metadata Profile does not exist', input.metadataProfileId));
    }
    if (input.path !== undefined && input.path !== null) {
      const invalid = validPath('path', input.path);
      if (invalid) failures.push(invalid);
      else {
        const other = await this.repository.findByPath(normalizePath(input.path));
        if (other && other.id !== author?.id)
          failures.push(failure('path', 'Path is already configured for an existing author', input.path));
      }
    }
    if (input.rootFolderPath) {
      const invalid = validPath('rootFolderPath', input.rootFolderPath);
      if (invalid) failures.push(invalid);
    }
    return failures;
  }

  assertTags(ids: number[]): Promise<void> {
    return this.tags.assertExist(ids);
  }

  /** Configured root folder paths (one query; root folders are few). */
  rootFolderPaths(): Promise<string[]> {
    return this.rootFolders.paths();
  }
}

function byAuthor(rows: NeighbourBookRow[], kind: 'next' | 'last'): Map<number, NeighbourBookRow> {
  return new Map(rows.filter((row) => row.kind === kind).map((row) => [row.authorId, row]));
}
