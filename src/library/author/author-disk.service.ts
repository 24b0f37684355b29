import { Injectable, Logger } from '@nestjs/common';
import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ConflictError } from '../../platform/common/errors/domain-errors';
import { MediaFileDeletionService } from '../recycle-bin/media-file-deletion.service';
import type { Author } from './author.entity';
import { AuthorRepository } from './author.repository';

/**
 * Disk operations on author folders. Moves run synchronously inside the request for now (Readarr
 * queues a MoveAuthor command); a rename across devices falls back to copy + delete. A deleted folder goes
 * to the recycle bin when one is set.
 */
@Injectable()
export class AuthorDiskService {
  private readonly logger = new Logger(AuthorDiskService.name);

  constructor(
    private readonly deletion: MediaFileDeletionService,
    private readonly authors: AuthorRepository,
  ) {}

  async exists(path: string): Promise<boolean> {
    return stat(path).then(
      () => true,
      () => false,
    );
  }

  /** Moves `from` to `to`. Returns false when there was nothing to move. */
  async moveFolder(from: string, to: string): Promise<boolean> {
    if (from === to || !(await this.exists(from))) return false;
    if (await this.exists(to)) throw new ConflictError(`Cannot move author folder: '${to}' already exists`);
    await mkdir(dirname(to), { recursive: true });
    try {
      await rename(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await cp(from, to, { recursive: true, preserveTimestamps: true });
      await rm(from, { recursive: true, force: true });
    }
    this.logger.log(`Moved author folder '${from}' to '${to}'`);
    return true;
  }

  /**
   * The author's folder, to the recycle bin when one is set. Never a root folder, nor a folder that is or holds
   * another author's: that would take the other authors' files along.
   */
  async deleteFolder(author: Pick<Author, 'id' | 'path' | 'rootFolderPath'>): Promise<void> {
    const folder = author.path.replace(/\/+$/, '');
    if (!folder || folder === author.rootFolderPath?.replace(/\/+$/, '')) {
      throw new ConflictError("Not deleting the author's files: the author's path is its root folder");
    }
    if (await this.authors.sharesFolder(author.id, folder)) {
      throw new ConflictError("Not deleting the author's files: another author's folder is the same or inside it");
    }
    await this.deletion.deleteAuthorFolder(folder);
  }
}
