import { Injectable } from '@nestjs/common';
import { DownloadClientCleanupService } from '../../acquisition/queue/download-client-cleanup.service';
import type { TrackedDownload } from '../../acquisition/queue/tracked-download.entity';
import { TrackedDownloadService } from '../../acquisition/queue/tracked-download.service';
import type { ProviderDefinition } from '../../integrations/core/provider-definition.entity';
import { FileHistoryService } from '../organizer/file-history.service';

/**
 * A download whose every book was imported: the tracked download ends `imported` (with the files left out, if
 * any), each imported book gets a `downloadImported` history row, and the client is told: the download moves to its
 * post-import category and leaves it when the client is set to remove completed downloads and allows it.
 */
@Injectable()
export class ImportSuccessRecorder {
  constructor(
    private readonly tracked: TrackedDownloadService,
    private readonly history: FileHistoryService,
    private readonly cleanup: DownloadClientCleanupService,
  ) {}

  /** `messages`: why some files of the download were not imported. */
  async record(
    download: TrackedDownload,
    client: ProviderDefinition | null,
    imported: { authorId: number; bookIds: Set<number> },
    messages: string[],
  ): Promise<void> {
    await this.tracked.setState(download.id, 'imported', messages.length ? [{ title: download.title, messages }] : []);
    for (const bookId of imported.bookIds)
      await this.history.record({
        eventType: 'downloadImported',
        authorId: imported.authorId,
        bookId,
        sourceTitle: download.title,
        quality: download.quality,
        downloadId: download.downloadId,
        data: { downloadClient: client?.name, downloadClientName: client?.name },
      });
    if (client) await this.cleanup.afterImport(download);
  }
}
