import { Injectable } from '@nestjs/common';
import {
  CommandHandler,
  type CommandContext,
  type CommandHandlerInstance,
} from '../../platform/command/command-handler.decorator';
import { BadRequestError } from '../../platform/common/errors/domain-errors';
import { safePath } from '../filesystem/safe-path';
import { RootFolderRepository } from '../../library/root-folder/root-folder.repository';
import { DiskScanRepository } from './disk-scan.repository';
import { DiskScanService } from './disk-scan.service';

/**
 * `RescanFolders {folders?, filter, addNewAuthors, authorIds?}` (scheduled daily and on demand). Without
 * `folders` it scans the authors' folders when `authorIds` is given, else every root folder. New files outside
 * any author folder stay unmapped (`bookfile?unmapped=true`); `addNewAuthors` is accepted but authors are not
 * created from files (that needs a metadata lookup per folder; use manual import).
 */
@Injectable()
@CommandHandler('RescanFolders', { diskAccess: true })
export class RescanFoldersHandler implements CommandHandlerInstance {
  constructor(
    private readonly scanner: DiskScanService,
    private readonly repository: DiskScanRepository,
    private readonly rootFolders: RootFolderRepository,
  ) {}

  async execute(body: Record<string, unknown>, context: CommandContext): Promise<string> {
    const folders = await this.folders(body);
    const counts = await this.scanner.scan(folders, (message) => context.progress(message));
    const skipped = counts.skippedFolders.length ? `; skipped missing ${counts.skippedFolders.join(', ')}` : '';
    return (
      `Scanned ${counts.files} files in ${counts.folders} folders: ${counts.added} added, ` +
      `${counts.updated} updated, ${counts.removed} removed, ${counts.mapped} matched${skipped}`
    );
  }

  private async folders(body: Record<string, unknown>): Promise<string[]> {
    if (body.folders !== undefined && body.folders !== null) {
      if (!Array.isArray(body.folders)) throw new BadRequestError('folders must be an array of paths');
      return body.folders.map((folder) => safePath(folder, 'folders'));
    }
    if (Array.isArray(body.authorIds) && body.authorIds.length) {
      if (body.authorIds.some((id) => !Number.isInteger(id))) throw new BadRequestError('authorIds must be integers');
      return (await this.repository.authors(body.authorIds as number[])).map((author) => author.path);
    }
    return (await this.rootFolders.paths()).map((path) => path.replace(/\/+$/, '') || '/');
  }
}
