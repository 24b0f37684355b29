import { Injectable } from '@nestjs/common';
import { basename, join } from 'node:path';
import { normalizePath } from './author-validation';
import type { Author } from './author.entity';
import { AuthorRepository } from './author.repository';
import type { AuthorEditorResource } from './author.resource';
import { AuthorCommandService } from './author-command.service';
import { AuthorValidator } from './author-validator.service';
import { MoveAuthorService } from './move-author.service';

/** author/editor: bulk monitoring, profiles, root folder (with move) and tags; bulk delete. */
@Injectable()
export class AuthorEditorService {
  constructor(
    private readonly repository: AuthorRepository,
    private readonly validator: AuthorValidator,
    private readonly mover: MoveAuthorService,
    private readonly commands: AuthorCommandService,
  ) {}

  async update(input: AuthorEditorResource): Promise<Author[]> {
    const authors = await this.repository.findByIds([...new Set(input.authorIds)]);
    await this.validator.validateUpdate(undefined, {
      qualityProfileId: input.qualityProfileId,
      metadataProfileId: input.metadataProfileId,
      rootFolderPath: input.rootFolderPath,
      tags: input.tags,
    });
    for (const author of authors) {
      const previousPath = author.path;
      if (input.monitored !== undefined && input.monitored !== null) author.monitored = input.monitored;
      if (input.monitorNewItems) author.monitorNewItems = input.monitorNewItems;
      if (input.qualityProfileId) author.qualityProfileId = input.qualityProfileId;
      if (input.metadataProfileId) author.metadataProfileId = input.metadataProfileId;
      if (input.rootFolderPath) {
        author.rootFolderPath = normalizePath(input.rootFolderPath);
        author.path = join(author.rootFolderPath, basename(previousPath));
      }
      if (input.tags) author.tags = applyTags(author.tags, input.tags, input.applyTags ?? 'add');
      await this.mover.saveWithMove(author, previousPath, !!input.moveFiles);
    }
    return authors;
  }

  async delete(input: { authorIds: number[]; deleteFiles?: boolean }): Promise<void> {
    const authors = await this.repository.findByIds([...new Set(input.authorIds)]);
    for (const author of authors) await this.commands.delete(author.id, { deleteFiles: !!input.deleteFiles });
  }
}

export function applyTags(current: number[], tags: number[], mode: 'add' | 'remove' | 'replace'): number[] {
  switch (mode) {
    case 'add':
      return [...new Set([...current, ...tags])];
    case 'remove':
      return current.filter((tag) => !tags.includes(tag));
    case 'replace':
      return [...new Set(tags)];
  }
}
