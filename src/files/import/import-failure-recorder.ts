import { Injectable } from '@nestjs/common';
import type { StatusMessageValue, TrackedDownload } from '../../acquisition/queue/tracked-download.entity';
import { TrackedDownloadService } from '../../acquisition/queue/tracked-download.service';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { FileHistoryService } from '../organizer/file-history.service';
import { DownloadImportFailedEvent } from './import.events';

/**
 * A download whose import did not complete: the tracked download ends `importFailed` with the reasons,
 * `download.importFailed` is published, and each of its books gets a `bookImportIncomplete` history row.
 */
@Injectable()
export class ImportFailureRecorder {
  constructor(
    private readonly tracked: TrackedDownloadService,
    private readonly events: DomainEvents,
    private readonly history: FileHistoryService,
  ) {}

  async record(download: TrackedDownload, messages: string[]): Promise<void> {
    const statusMessages: StatusMessageValue[] = [{ title: download.title, messages }];
    await this.tracked.setState(download.id, 'importFailed', statusMessages);
    this.events.emit(
      DownloadImportFailedEvent.NAME,
      new DownloadImportFailedEvent({
        trackedDownloadId: download.id,
        downloadId: download.downloadId,
        title: download.title,
        authorId: download.authorId,
        bookIds: download.bookIds,
        messages,
      }),
    );
    if (download.authorId === null) return;
    for (const bookId of download.bookIds.length ? download.bookIds : [null])
      await this.history.record({
        eventType: 'bookImportIncomplete',
        authorId: download.authorId,
        bookId,
        sourceTitle: download.title,
        quality: download.quality,
        downloadId: download.downloadId,
        data: { statusMessages: JSON.stringify(statusMessages), message: messages.join('; ') },
      });
  }
}
