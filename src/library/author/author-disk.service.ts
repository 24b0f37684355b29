import { Injectable, Logger } from '@nestjs/common';
import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ConflictError } from '../../platform/common/errors/domain-errors';
import { MediaFileDeletionService } from '../recycle-bin/media-file-deletion.service';

/**
 * Disk operations on author folders. Moves run synchronously inside the request for now (Readarr
 * queues a MoveAuthor command); a rename across devices falls back to copy + delete. A deleted folder goes
 * to the recycle bin when one is set.
 */
@Injectable()
export class AuthorDiskService {
  private readonly logger = new Logger(AuthorDiskService.name);

  constructor(private readonly deletion: MediaFileDeletionService) {}

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

  /** The author's folder, never a root folder: that would take every other author's files along. */
  async deleteFolder(path: string, rootFolderPath: string | null): Promise<void> {
    const folder = path.replace(/\/+$/, '');
    if (!folder || folder === rootFolderPath?.replace(/\/+$/, '')) {
      throw new ConflictError("Not deleting the author's files: the author's path is its root folder");
    }
    await this.deletion.deleteAuthorFolder(path);
  }
}
