import { Injectable, Logger } from '@nestjs/common';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import { opendir, rm, stat, utimes } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { CommandHandler, type CommandHandlerInstance } from '../../platform/command/command-handler.decorator';
import { HousekeepingEvent } from '../../platform/command/handlers/housekeeping.event';
import { MediaManagementConfigService } from '../../platform/settings/media-management/media-management-config.service';
import { exists, transferFile } from './disk-transfer';

/**
 * The media-management recycle bin: replaced or deleted files are moved there (stamped with the time they
 * arrived) and removed after `recycleBinCleanupDays` (0 keeps them) by CleanUpRecycleBin and daily Housekeeping.
 */
@Injectable()
export class RecycleBinService {
  private readonly logger = new Logger(RecycleBinService.name);

  constructor(private readonly mediaManagement: MediaManagementConfigService) {}

  /** Moves the file into the bin when one is configured (answers true), else deletes it (false). */
  async recycleOrDelete(path: string): Promise<boolean> {
    const { recycleBin } = await this.mediaManagement.load();
    if (!recycleBin) {
      await rm(path, { force: true });
      return false;
    }
    let target = join(recycleBin, basename(path));
    if (await exists(target)) target = join(recycleBin, `${Date.now()}-${basename(path)}`);
    if (await exists(path)) {
      await transferFile(path, target, 'move');
      const now = new Date();
      await utimes(target, now, now).catch(() => undefined);
    }
    return true;
  }

  /** Removes entries older than the configured number of days; answers how many. */
  async cleanUp(now = new Date()): Promise<number> {
    const { recycleBin, recycleBinCleanupDays } = await this.mediaManagement.load();
    if (!recycleBin || recycleBinCleanupDays <= 0) return 0;
    const cutoff = now.getTime() - recycleBinCleanupDays * 86_400_000;
    const dir = await opendir(recycleBin).catch(() => null);
    if (!dir) return 0;
    let removed = 0;
    for await (const entry of dir) {
      const path = join(recycleBin, entry.name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtime.getTime() < cutoff) {
        await rm(path, { recursive: true, force: true });
        removed++;
      }
    }
    if (removed)
      this.logger.log(`Removed ${removed} entries older than ${recycleBinCleanupDays} days from the recycle bin`);
    return removed;
  }

  @OnDomainEvent(HousekeepingEvent.NAME)
  async onHousekeeping(): Promise<void> {
    await this.cleanUp().catch((error: Error) => this.logger.warn(`Recycle bin cleanup failed: ${error.message}`));
  }
}

@Injectable()
@CommandHandler('CleanUpRecycleBin', { diskAccess: true })
export class CleanUpRecycleBinHandler implements CommandHandlerInstance {
  constructor(private readonly recycleBin: RecycleBinService) {}

  async execute(): Promise<string> {
    return `Removed ${await this.recycleBin.cleanUp()} entries from the recycle bin`;
  }
}
