import { Injectable, Logger } from '@nestjs/common';
import { CommandQueueService } from '../../platform/command/command-queue.service';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import { DownloadClientConfigService } from '../../platform/settings/download-client/download-client-config.service';
import { DownloadClientCleanupService } from './download-client-cleanup.service';
import { DownloadFailedEvent } from './download.events';
import { TrackedDownloadService } from './tracked-download.service';

/**
 * What follows a failed download, wherever it was declared (Readarr's RedownloadFailedDownloadService): the tracked
 * state when the failure came from history, the download's removal from its client when the client is set to remove
 * failed downloads (Readarr's DownloadEventHub), and a new search when `downloadClient.autoRedownloadFailed` allows it.
 * Kept apart from FailedDownloadService, which publishes `download.failed`: a listener that shares a class with the
 * publisher is one call away from publishing the event it is handling.
 */
@Injectable()
export class FailedDownloadListener {
  private readonly logger = new Logger(FailedDownloadListener.name);

  constructor(
    private readonly tracked: TrackedDownloadService,
    private readonly commands: CommandQueueService,
    private readonly downloadClientConfig: DownloadClientConfigService,
    private readonly cleanup: DownloadClientCleanupService,
  ) {}

  @OnDomainEvent(DownloadFailedEvent.NAME)
  async onDownloadFailed(event: DownloadFailedEvent): Promise<void> {
    await this.markTrackedFailed(event);
    await this.removeFromClient(event);
    await this.redownload(event);
  }

  /**
   * A failure declared through `POST /history/failed/{id}` names the download but no tracked row: its tracked
   * downloads are marked here. FailedDownloadService marks its own row before it publishes.
   */
  private async markTrackedFailed({ init }: DownloadFailedEvent): Promise<void> {
    if (!init.downloadId || init.trackedDownloadId) return;
    for (const download of await this.tracked.findByDownloadId(init.downloadId)) {
      download.state = 'downloadFailed';
      download.status = 'error';
      download.errorMessage = init.message;
      await this.tracked.save(download);
    }
  }

  private async removeFromClient({ init }: DownloadFailedEvent): Promise<void> {
    const downloads = init.trackedDownloadId
      ? await this.tracked.findByIds([init.trackedDownloadId])
      : init.downloadId
        ? await this.tracked.findByDownloadId(init.downloadId)
        : [];
    for (const download of downloads) await this.cleanup.afterFailure(download);
  }

  private async redownload({ init }: DownloadFailedEvent): Promise<void> {
    if (init.skipRedownload || init.bookIds.length === 0) return;
    const config = await this.downloadClientConfig.load();
    if (!config.autoRedownloadFailed) return;
    if (init.release?.source === 'interactiveSearch' && !config.autoRedownloadFailedFromInteractiveSearch) return;
    this.logger.log(`Searching again for ${init.bookIds.length} book(s) after a failed download`);
    await this.commands.enqueue('BookSearch', { bookIds: init.bookIds }, { trigger: 'unspecified' });
  }
}
