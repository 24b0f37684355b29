import { Injectable } from '@nestjs/common';
import { join, basename } from 'node:path';
import type { CommandContext } from '../../platform/command/command-handler.decorator';
import { CommandHandler, CommandHandlerInstance } from '../../platform/command/command-handler.decorator';
import { NotFoundError } from '../../platform/common/errors/domain-errors';
import { normalizePath } from './author-validation';
import { AuthorRepository } from './author.repository';
import { MoveAuthorService } from './move-author.service';

interface MoveAuthorBody {
  authorId?: number;
  sourcePath?: string;
  destinationPath?: string;
}

/** Readarr's `MoveAuthor`: moves the author's folder on disk and updates its path and file paths. */
@Injectable()
@CommandHandler('MoveAuthor', { diskAccess: true })
export class MoveAuthorHandler implements CommandHandlerInstance<MoveAuthorBody> {
  constructor(
    private readonly authors: AuthorRepository,
    private readonly mover: MoveAuthorService,
  ) {}

  async execute(body: MoveAuthorBody, context: CommandContext): Promise<string> {
    if (!body.authorId || !body.destinationPath) throw new Error('MoveAuthor needs authorId and destinationPath');
    const author = await this.authors.findById(body.authorId);
    if (!author) throw new NotFoundError(`Author with ID ${body.authorId} does not exist`);
    const source = body.sourcePath ? normalizePath(body.sourcePath) : author.path;
    author.path = normalizePath(body.destinationPath);
    await context.progress(`Moving ${source} to ${author.path}`);
    await this.mover.saveWithMove(author, source, true);
    return `Moved author to ${author.path}`;
  }
}

interface BulkMoveAuthorBody {
  author?: MoveAuthorBody[];
  destinationRootFolder?: string;
}

/** Readarr's `BulkMoveAuthor`: every listed author into `destinationRootFolder` (or its own destination). */
@Injectable()
@CommandHandler('BulkMoveAuthor', { diskAccess: true })
export class BulkMoveAuthorHandler implements CommandHandlerInstance<BulkMoveAuthorBody> {
  constructor(
    private readonly authors: AuthorRepository,
    private readonly mover: MoveAuthorService,
  ) {}

  async execute(body: BulkMoveAuthorBody, context: CommandContext): Promise<string> {
    const entries = body.author ?? [];
    for (const entry of entries) {
      if (!entry.authorId) continue;
      const author = await this.authors.findById(entry.authorId);
      if (!author) throw new NotFoundError(`Author with ID ${entry.authorId} does not exist`);
      const source = entry.sourcePath ? normalizePath(entry.sourcePath) : author.path;
      const destination =
        entry.destinationPath ??
        (body.destinationRootFolder ? join(normalizePath(body.destinationRootFolder), basename(source)) : undefined);
      if (!destination) continue;
      author.path = normalizePath(destination);
      if (body.destinationRootFolder) author.rootFolderPath = normalizePath(body.destinationRootFolder);
      await context.progress(`Moving ${source} to ${author.path}`);
      await this.mover.saveWithMove(author, source, true);
    }
    return `Moved ${entries.length} author(s)`;
  }
}
