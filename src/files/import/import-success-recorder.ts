import { Injectable, Logger } from '@nestjs/common';
import type { TrackedDownload } from '../../acquisition/queue/tracked-download.entity';
import { TrackedDownloadService } from '../../acquisition/queue/tracked-download.service';
import type { ProviderDefinition } from '../../integrations/core/provider-definition.entity';
import { DownloadClientFactory } from '../../integrations/download-client/download-client-factory.service';
import { FileHistoryService } from '../organizer/file-history.service';

/**
 * A download whose every book was imported: the tracked download ends `imported` (with the files left out, if
 * any), each imported book gets a `downloadImported` history row, and the download leaves its client when the
 * client is set to remove completed downloads.
 */
@Injectable()
export class ImportSuccessRecorder {
  private readonly logger = new Logger(ImportSuccessRecorder.name);

  constructor(
    private readonly tracked: TrackedDownloadService,
    private readonly history: FileHistoryService,
    private readonly clients: DownloadClientFactory,
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
    if (client && client.options?.removeCompletedDownloads !== false) await this.removeFromClient(download);
  }

  private async removeFromClient(download: TrackedDownload): Promise<void> {
    try {
      const client = await this.clients.client(download.downloadClientId);
      const item = (await client.getItems()).find(
        (candidate) => candidate.downloadId.toUpperCase() === download.downloadId.toUpperCase(),
      );
      // Readarr: only once the client allows it (a torrent that is still seeding stays until it is done).
      if (!item?.canBeRemoved) return;
      await client.removeItem(download.downloadId, true);
    } catch (error) {
      this.logger.warn(`Could not remove ${download.downloadId} from its client: ${(error as Error).message}`);
    }
  }
}
