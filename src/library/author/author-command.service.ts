import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { NotFoundError } from '../../platform/common/errors/domain-errors';
import { ImportListExclusionService } from '../import-list-exclusion/import-list-exclusion.service';
import { AuthorDiskService } from './author-disk.service';
import { normalizePath } from './author-validation';
import type { Author } from './author.entity';
import { AuthorDeletedEvent } from './author.events';
import { AuthorRepository } from './author.repository';
import { type AuthorUpdateInput, AuthorValidator } from './author-validator.service';
import { MoveAuthorService } from './move-author.service';

export interface DeleteAuthorOptions {
  deleteFiles?: boolean;
  addImportListExclusion?: boolean;
}

/** Changing one author: PUT /author (with an optional folder move) and DELETE /author. */
@Injectable()
export class AuthorCommandService {
  constructor(
    private readonly repository: AuthorRepository,
    private readonly validator: AuthorValidator,
    private readonly mover: MoveAuthorService,
    private readonly disk: AuthorDiskService,
    private readonly exclusions: ImportListExclusionService,
    private readonly events: DomainEvents,
  ) {}

  /** PUT /author: monitoring, profiles, tags and path; with `moveFiles` the folder really moves on disk. */
  async update(id: number, input: AuthorUpdateInput, moveFiles: boolean): Promise<Author> {
    const author = await this.require(id);
    await this.validator.validateUpdate(author, input);
    const previousPath = author.path;
    if (input.monitored !== undefined) author.monitored = input.monitored;
    if (input.monitorNewItems !== undefined) author.monitorNewItems = input.monitorNewItems;
    if (input.qualityProfileId !== undefined) author.qualityProfileId = input.qualityProfileId;
    if (input.metadataProfileId !== undefined) author.metadataProfileId = input.metadataProfileId;
    if (input.tags !== undefined) author.tags = [...new Set(input.tags)];
    if (input.rootFolderPath) author.rootFolderPath = normalizePath(input.rootFolderPath);
    if (input.path) author.path = normalizePath(input.path);
    await this.mover.saveWithMove(author, previousPath, moveFiles);
    return author;
  }

  async delete(id: number, options: DeleteAuthorOptions): Promise<void> {
    const author = await this.require(id);
    const metadata = await this.repository.findMetadata(author.authorMetadataId);
    // the folder goes first: when the recycle bin cannot take it, the author stays with its files
    if (options.deleteFiles) await this.disk.deleteFolder(author);
    await this.repository.delete(author, !!options.deleteFiles);
    if (options.addImportListExclusion && metadata) {
      await this.exclusions.add({ foreignId: metadata.foreignAuthorId, authorName: metadata.name });
    }
    this.events.emit(
      AuthorDeletedEvent.NAME,
      Object.assign(
        new AuthorDeletedEvent(
          author.id,
          metadata?.foreignAuthorId ?? '',
          metadata?.name ?? '',
          author.path,
          !!options.deleteFiles,
          !!options.addImportListExclusion,
        ),
        { tags: author.tags },
      ),
    );
  }

  private async require(id: number): Promise<Author> {
    const author = await this.repository.findById(id);
    if (!author) throw new NotFoundError(`Author with ID ${id} does not exist`);
    return author;
  }
}
