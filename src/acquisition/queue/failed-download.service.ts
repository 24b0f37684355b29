import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { DownloadFailedEvent } from './download.events';
import type { TrackedDownload } from './tracked-download.entity';
import { TrackedDownloadService } from './tracked-download.service';

/**
 * Failed downloads (Readarr's FailedDownloadService): marks the tracked download failed and publishes
 * `download.failed` (history, blocklist, notifications and FailedDownloadListener listen).
 */
@Injectable()
export class FailedDownloadService {
  constructor(
    private readonly tracked: TrackedDownloadService,
    private readonly events: DomainEvents,
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
}
