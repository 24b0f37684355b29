import { Injectable, Logger } from '@nestjs/common';
import { rmdir } from 'node:fs/promises';
import { basename, dirname, relative } from 'node:path';
import { MediaManagementConfigService } from '../../platform/settings/media-management/media-management-config.service';
import { hasFiles, pathExists, removeEmptySubfolders } from './disk-moves';
import { RecycleBinService } from './recycle-bin.service';

/** A library file to delete, with the folders of the author it belongs to (null when unmapped). */
export interface LibraryFile {
  path: string;
  authorPath: string | null;
  rootFolderPath: string | null;
}

/** Where files matched to no author go in the bin (Readarr's folder name for them). */
export const UNMAPPED_SUBFOLDER = 'Unmapped_Files';

/**
 * Every delete of a user's library file or author folder: through the recycle bin, then (with
 * `deleteEmptyFolders`) the author and book folders the delete left without files are removed.
 */
@Injectable()
export class MediaFileDeletionService {
  private readonly logger = new Logger(MediaFileDeletionService.name);

  constructor(
    private readonly recycleBin: RecycleBinService,
    private readonly mediaManagement: MediaManagementConfigService,
  ) {}

  /** Sends the file to the bin keeping its folders below the root folder; a file already gone is no error. */
  async deleteFile(file: LibraryFile): Promise<void> {
    if (!(await pathExists(file.path))) return;
    await this.recycleBin.deleteFile(file.path, binSubfolder(file));
  }

  /** Sends the author's whole folder to the bin. */
  async deleteAuthorFolder(path: string): Promise<void> {
    if (!(await pathExists(path))) return;
    await this.recycleBin.deleteFolder(path);
  }

  /**
   * With `deleteEmptyFolders`: an author folder without any file left goes; otherwise the book folder the file
   * was in goes when it holds no file. A root folder is never removed, and nothing is when the setting is off.
   */
  async removeEmptyFolders(file: LibraryFile): Promise<void> {
    const { deleteEmptyFolders } = await this.mediaManagement.load();
    const author = file.authorPath?.replace(/\/+$/, '');
    if (!deleteEmptyFolders || !author || author === file.rootFolderPath?.replace(/\/+$/, '')) return;
    if (!(await pathExists(author))) return;
    try {
      if (!(await hasFiles(author))) {
        await removeFolder(author);
        return;
      }
      let folder = dirname(file.path);
      while (folder.startsWith(`${author}/`) && !(await hasFiles(folder))) {
        await removeFolder(folder);
        folder = dirname(folder);
      }
    } catch (error) {
      this.logger.warn(`Could not remove empty folders of '${author}': ${(error as Error).message}`);
    }
  }
}

/** Only empty folders are removed, so a file written meanwhile is never taken along. */
async function removeFolder(folder: string): Promise<void> {
  await removeEmptySubfolders(folder);
  await rmdir(folder);
}

/** The file's folder relative to the root folder (the author folder's parent), as Readarr keeps it in the bin. */
function binSubfolder(file: LibraryFile): string {
  if (!file.authorPath) return UNMAPPED_SUBFOLDER;
  const base = dirname(file.authorPath.replace(/\/+$/, ''));
  const folder = dirname(file.path);
  const inside = relative(base, folder);
  if (inside && !inside.startsWith('..')) return inside;
  return basename(file.authorPath);
}
