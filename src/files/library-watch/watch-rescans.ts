import { Injectable, Logger } from '@nestjs/common';
import { statSync } from 'node:fs';
import { CommandQueueService } from '../../platform/command/command-queue.service';
import { MediaManagementConfigService } from '../../platform/settings/media-management/media-management-config.service';
import { foldersToRescan, type WatchedChange } from './watch-changes';

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Turns a batch of watched changes into one RescanFolders command over the affected author folders. */
@Injectable()
export class WatchRescans {
  private readonly logger = new Logger(WatchRescans.name);

  constructor(
    private readonly commands: CommandQueueService,
    private readonly mediaManagement: MediaManagementConfigService,
  ) {}

  async queue(changes: WatchedChange[]): Promise<string[]> {
    const { recycleBin } = await this.mediaManagement.load();
    const folders = foldersToRescan(changes, recycleBin, isDirectory);
    if (folders.length === 0) return folders;
    this.logger.log(`Changes on disk: rescanning ${folders.length} folder(s)`);
    await this.commands.enqueue('RescanFolders', { folders });
    return folders;
  }
}
