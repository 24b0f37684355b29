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
import { NewAuthorDetector } from './new-author-detector';

/**
 * `RescanFolders {folders?, filter, addNewAuthors, authorIds?}` (scheduled daily and on demand). Without
 * `folders` it scans the authors' folders when `authorIds` is given, else every root folder. New files outside
 * any author folder stay unmapped (`bookfile?unmapped=true`) unless, with `addNewAuthors` (on unless set to false,
 * as Readarr's scheduled scan), the metadata source knows their author: then that author is added with the root
 * folder's defaults and its own scan matches them.
 */
@Injectable()
@CommandHandler('RescanFolders', { diskAccess: true })
export class RescanFoldersHandler implements CommandHandlerInstance {
  constructor(
    private readonly scanner: DiskScanService,
    private readonly repository: DiskScanRepository,
    private readonly rootFolders: RootFolderRepository,
    private readonly detector: NewAuthorDetector,
  ) {}

  async execute(body: Record<string, unknown>, context: CommandContext): Promise<string> {
    const folders = await this.folders(body);
    const loose =
      body.addNewAuthors === false
        ? undefined
        : await this.detector.collector((await this.repository.authors()).map((author) => author.path));
    const counts = await this.scanner.scan(
      folders,
      (message) => context.progress(message),
      loose && ((paths) => loose.add(paths)),
    );
    const skipped = counts.skippedFolders.length ? `; skipped missing ${counts.skippedFolders.join(', ')}` : '';
    let authors = '';
    if (loose?.files().length) {
      await context.progress('Looking up the authors of new files outside author folders');
      const added = await this.detector.addAuthors(loose);
      if (added.length) authors = `; added ${added.length} authors found in the files: ${added.join(', ')}`;
    }
    return (
      `Scanned ${counts.files} files in ${counts.folders} folders: ${counts.added} added, ` +
      `${counts.updated} updated, ${counts.removed} removed, ${counts.mapped} matched${skipped}${authors}`
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
