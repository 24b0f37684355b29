import { Injectable, Logger } from '@nestjs/common';
import type { ConfiguredDownloadClient, DownloadClientItem } from '../../integrations/download-client/download-client';
import { DownloadClientFactory } from '../../integrations/download-client/download-client-factory.service';
import type { TrackedDownload } from './tracked-download.entity';

/**
 * What happens in the download client once Quire is done with a download (Readarr's DownloadEventHub):
 * - imported: moved to the client's post-import category, then removed with its data when the client is set to
 *   remove completed downloads and reports that it may be (a torrent still seeding stays until it is done);
 * - failed: removed with its data when the client is set to remove failed downloads and reports that it may be.
 * A client that cannot be reached only costs a log line: the import or failure itself already happened.
 */
@Injectable()
export class DownloadClientCleanupService {
  private readonly logger = new Logger(DownloadClientCleanupService.name);

  constructor(private readonly clients: DownloadClientFactory) {}

  async afterImport(download: TrackedDownload): Promise<void> {
    const found = await this.lookUp(download);
    if (!found) return;
    const { client, item } = found;
    // Read before the category moves: a client listing only its own category stops listing the download after it.
    if (client.markItemAsImported && client.postImportCategory)
      await this.attempt(`move ${download.title} to its post-import category`, () =>
        client.markItemAsImported!(download.downloadId),
      );
    if (item && item.status !== 'downloading') await this.removeCompleted(client, download, item);
  }

  /** An imported download the client now lets go (a torrent that finished seeding since the import). */
  async removeCompleted(
    client: ConfiguredDownloadClient,
    download: TrackedDownload,
    item: DownloadClientItem,
  ): Promise<void> {
    if (!client.removeCompletedDownloads || !item.canBeRemoved) return;
    await this.attempt(`remove the imported ${download.title}`, () => client.removeItem(download.downloadId, true));
  }

  async afterFailure(download: TrackedDownload): Promise<void> {
    const found = await this.lookUp(download);
    if (!found?.item || !found.client.removeFailedDownloads || !found.item.canBeRemoved) return;
    await this.attempt(`remove the failed ${download.title}`, () => found.client.removeItem(download.downloadId, true));
  }

  private async lookUp(
    download: TrackedDownload,
  ): Promise<{ client: ConfiguredDownloadClient; item: DownloadClientItem | undefined } | undefined> {
    try {
      const client = await this.clients.client(download.downloadClientId);
      const id = download.downloadId.toUpperCase();
      const item = (await client.getItems()).find((candidate) => candidate.downloadId.toUpperCase() === id);
      return { client, item };
    } catch (error) {
      this.logger.warn(`Could not read ${download.title} in its download client: ${(error as Error).message}`);
      return undefined;
    }
  }

  private async attempt(what: string, call: () => Promise<void>): Promise<void> {
    try {
      await call();
    } catch (error) {
      this.logger.warn(`Could not ${what} in the download client: ${(error as Error).message}`);
    }
  }
}
