import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';
import { CommandQueueService } from '../../platform/command/command-queue.service';
import { DownloadClientConfigService } from '../../platform/settings/download-client/download-client-config.service';
import { DownloadFailedEvent } from './download.events';
import type { TrackedDownload } from './tracked-download.entity';
import { TrackedDownloadService } from './tracked-download.service';

/**
 * Failed downloads (Readarr's FailedDownloadService + RedownloadFailedDownloadService): marks the tracked
 * download failed, publishes `download.failed` (history, blocklist and notifications listen),
 * and searches the books again when `downloadClient.autoRedownloadFailed` allows it.
 */
@Injectable()
export class FailedDownloadService {
  private readonly logger = new Logger(FailedDownloadService.name);

  constructor(
    private readonly tracked: TrackedDownloadService,
    private readonly events: EventEmitter2,
    private readonly commands: CommandQueueService,
    private readonly downloadClientConfig: DownloadClientConfigService,
  ) {}

  async markFailed(download: TrackedDownload, message: string, skipRedownload = false): Promise<void> {
    download.state = 'downloadFailed';
    download.status = 'error';
    download.errorMessage = message;
    download.statusMessages = [{ title: download.title, messages: [message] }];
    await this.tracked.save(download);
    if (!download.authorId) return;
    await this.events.emitAsync(
      DownloadFailedEvent.NAME,
      new DownloadFailedEvent({
        authorId: download.authorId,
        bookIds: download.bookIds,
        sourceTitle: download.title,
        quality: download.quality,
        customFormatIds: download.customFormatIds,
        message,
        downloadClientId: download.downloadClientId,
        downloadId: download.downloadId,
        trackedDownloadId: download.id,
        release: download.release,
        skipRedownload,
      }),
    );
  }

  /** Keeps the tracked state in line when the failure was declared elsewhere (`POST /history/failed/{id}`). */
  @OnEvent(DownloadFailedEvent.NAME)
  async onDownloadFailed(event: DownloadFailedEvent): Promise<void> {
    const { init } = event;
    if (init.downloadId && !init.trackedDownloadId)
      for (const download of await this.tracked.findByDownloadId(init.downloadId)) {
        download.state = 'downloadFailed';
        download.status = 'error';
        download.errorMessage = init.message;
        await this.tracked.save(download);
      }
    await this.redownload(event);
  }

  private async redownload(event: DownloadFailedEvent): Promise<void> {
    const { init } = event;
    if (init.skipRedownload || init.bookIds.length === 0) return;
    const config = await this.downloadClientConfig.load();
    if (!config.autoRedownloadFailed) return;
    if (init.release?.source === 'interactiveSearch' && !config.autoRedownloadFailedFromInteractiveSearch) return;
    this.logger.log(`Searching again for ${init.bookIds.length} book(s) after a failed download`);
    await this.commands.enqueue('BookSearch', { bookIds: init.bookIds }, { trigger: 'unspecified' });
  }
}
