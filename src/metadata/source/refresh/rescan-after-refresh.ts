import { Injectable, Logger } from '@nestjs/common';
import type { CommandContext } from '../../../platform/command/command-handler.decorator';
import { CommandQueueService } from '../../../platform/command/command-queue.service';
import type { RescanAfterRefreshType } from '../../../platform/settings/media-management/media-management-config';
import { MediaManagementConfigService } from '../../../platform/settings/media-management/media-management-config.service';

export type RescanAfterRefresh = keyof typeof RescanAfterRefreshType.values;

/**
 * Readarr's rule for scanning the authors' folders after a refresh: always for a new author; otherwise never with
 * `never`, only for manually started refreshes with `afterManual`, and only when the refresh changed something.
 */
export function shouldRescanAfterRefresh(
  setting: RescanAfterRefresh,
  isNewAuthor: boolean,
  trigger: CommandContext['trigger'],
  infoUpdated: boolean,
): boolean {
  if (isNewAuthor) return true;
  if (setting === 'never') return false;
  if (setting === 'afterManual' && trigger !== 'manual') return false;
  return infoUpdated;
}

/** Queues the RescanFolders of the refreshed authors' folders when `rescanAfterRefresh` asks for it. */
@Injectable()
export class RescanAfterRefreshService {
  private readonly logger = new Logger(RescanAfterRefreshService.name);

  constructor(
    private readonly mediaManagement: MediaManagementConfigService,
    private readonly commands: CommandQueueService,
  ) {}

  /** `'all'`: every author was refreshed, so every root folder is scanned. Never throws: the refresh is done. */
  async afterRefresh(
    authorIds: number[] | 'all',
    isNewAuthor: boolean,
    trigger: CommandContext['trigger'],
    infoUpdated: boolean,
  ): Promise<void> {
    if (authorIds !== 'all' && authorIds.length === 0) return;
    try {
      const { rescanAfterRefresh } = await this.mediaManagement.load();
      if (!shouldRescanAfterRefresh(rescanAfterRefresh, isNewAuthor, trigger, infoUpdated)) {
        this.logger.debug(`No rescan after refresh (rescanAfterRefresh: ${rescanAfterRefresh}, trigger: ${trigger})`);
        return;
      }
      await this.commands.enqueue('RescanFolders', authorIds === 'all' ? {} : { authorIds });
    } catch (error) {
      this.logger.warn(`Could not queue the rescan after the refresh: ${(error as Error).message}`);
    }
  }
}
