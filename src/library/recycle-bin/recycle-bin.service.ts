import { Injectable, Logger } from '@nestjs/common';
import { mkdir, rm, stat, utimes } from 'node:fs/promises';
import { basename, join, normalize } from 'node:path';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import { ConflictError } from '../../platform/common/errors/domain-errors';
import { HousekeepingEvent } from '../../platform/command/handlers/housekeeping.event';
import { MediaManagementConfigService } from '../../platform/settings/media-management/media-management-config.service';
import { diskReason, filesUnder, freeFileName, moveFile, moveFolder, removeEmptySubfolders } from './disk-moves';

/**
 * The media-management recycle bin. A deleted file goes to `<recycleBin>/<subfolder>/<name>` (a clash gets `_2`,
 * `_3`…), a deleted folder to `<recycleBin>/<its name>`; everything that arrives is stamped with the time it
 * arrived, and files older than `recycleBinCleanupDays` (0 keeps them) go at CleanUpRecycleBin and Housekeeping.
 * Without a bin, deletes are permanent. When the bin cannot take a file, the delete fails and the file stays.
 */
@Injectable()
export class RecycleBinService {
  private readonly logger = new Logger(RecycleBinService.name);

  constructor(private readonly mediaManagement: MediaManagementConfigService) {}

  /** Moves the file into the bin (under `subfolder`) when one is configured, else deletes it. */
  async deleteFile(path: string, subfolder = ''): Promise<void> {
    const bin = await this.bin();
    if (!bin) {
      await rm(path, { force: true });
      this.logger.log(`Recycle bin not configured: deleted '${path}' permanently`);
      return;
    }
    const folder = join(bin, safeSubfolder(subfolder));
    let destination = '';
    try {
      await mkdir(folder, { recursive: true });
      destination = await freeFileName(folder, basename(path));
      await moveFile(path, destination);
    } catch (error) {
      this.logger.warn(`Could not move '${path}' to the recycle bin '${destination || folder}': ${diskReason(error)}`);
      throw new ConflictError(`Unable to move '${basename(path)}' to the recycle bin: ${diskReason(error)}`);
    }
    await stamp(destination);
    this.logger.log(`Moved '${path}' to the recycle bin`);
  }

  /** Moves the folder into the bin, merging with a folder of the same name already there, else deletes it. */
  async deleteFolder(path: string): Promise<void> {
    const bin = await this.bin();
    if (!bin) {
      await rm(path, { recursive: true, force: true });
      this.logger.log(`Recycle bin not configured: deleted folder '${path}' permanently`);
      return;
    }
    const destination = join(bin, basename(path));
    try {
      await moveFolder(path, destination);
    } catch (error) {
      this.logger.warn(`Could not move folder '${path}' to the recycle bin: ${diskReason(error)}`);
      throw new ConflictError(`Unable to move the folder '${basename(path)}' to the recycle bin: ${diskReason(error)}`);
    }
    await stamp(destination);
    for await (const file of filesUnder(destination)) await stamp(file);
    this.logger.log(`Moved folder '${path}' to the recycle bin`);
  }

  /** Removes files older than the configured number of days, then the folders left empty; answers how many files. */
  async cleanUp(now = new Date()): Promise<number> {
    const { recycleBin, recycleBinCleanupDays } = await this.mediaManagement.load();
    if (!recycleBin || recycleBinCleanupDays <= 0) return 0;
    const cutoff = now.getTime() - recycleBinCleanupDays * 86_400_000;
    let removed = 0;
    for await (const file of filesUnder(recycleBin)) {
      const info = await stat(file).catch(() => null);
      if (info && info.mtime.getTime() <= cutoff) {
        await rm(file, { force: true });
        removed++;
      }
    }
    await removeEmptySubfolders(recycleBin);
    if (removed)
      this.logger.log(`Removed ${removed} files older than ${recycleBinCleanupDays} days from the recycle bin`);
    return removed;
  }

  @OnDomainEvent(HousekeepingEvent.NAME)
  async onHousekeeping(): Promise<void> {
    await this.cleanUp().catch((error: Error) => this.logger.warn(`Recycle bin cleanup failed: ${error.message}`));
  }

  /**
   * The configured bin, which must exist: a bin on an unmounted disk must not be silently recreated on the
   * system disk, so a missing bin fails the delete instead.
   */
  private async bin(): Promise<string | null> {
    const { recycleBin } = await this.mediaManagement.load();
    if (!recycleBin) return null;
    const info = await stat(recycleBin).catch(() => null);
    if (!info?.isDirectory()) {
      this.logger.warn(`The recycle bin '${recycleBin}' does not exist or is not a folder`);
      throw new ConflictError('Unable to move to the recycle bin: the recycle bin folder does not exist');
    }
    return recycleBin;
  }
}

/** A relative subfolder that cannot climb out of the bin. */
function safeSubfolder(subfolder: string): string {
  return normalize(subfolder)
    .split('/')
    .filter((part) => part && part !== '.' && part !== '..')
    .join('/');
}

async function stamp(path: string): Promise<void> {
  const now = new Date();
  await utimes(path, now, now).catch(() => undefined);
}
