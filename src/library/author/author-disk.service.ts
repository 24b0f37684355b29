import { Injectable, Logger } from '@nestjs/common';
import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ConflictError } from '../../platform/common/errors/domain-errors';

/**
 * Disk operations on author folders. Moves run synchronously inside the request for now (Readarr
 * queues a MoveAuthor command); a rename across devices falls back to copy + delete.
 */
@Injectable()
export class AuthorDiskService {
  private readonly logger = new Logger(AuthorDiskService.name);

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

  async deleteFolder(path: string): Promise<void> {
    if (!(await this.exists(path))) return;
    await rm(path, { recursive: true, force: true });
    this.logger.log(`Deleted author folder '${path}'`);
  }
}
