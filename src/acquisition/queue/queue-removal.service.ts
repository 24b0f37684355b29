import { Injectable, Logger } from '@nestjs/common';
import { NotFoundError } from '../../platform/common/errors/domain-errors';
import { DownloadClientFactory } from '../../integrations/download-client/download-client-factory.service';
import { FailedDownloadService } from './failed-download.service';
import type { QueueRemoveQuery } from './queue.resource';
import type { TrackedDownload } from './tracked-download.entity';
import { TrackedDownloadService } from './tracked-download.service';

/**
 * `DELETE /queue/{id}` and `/queue/bulk` (Readarr's QueueController.Remove):
 * - a pending release is simply dropped;
 * - `removeFromClient` (default true) deletes the download and its data in the client and stops tracking it;
 * - otherwise `changeCategory` moves it to the client's post-import category when the client has one
 *   (qBittorrent's `musicImportedCategory`); clients without one ignore the flag;
 * - `blocklist` marks it failed (history `downloadFailed`, blocklist, re-search unless `skipRedownload`);
 * - a download left in the client is kept as `ignored`: hidden from the queue, and the next
 *   RefreshMonitoredDownloads does not pick it up again.
 */
@Injectable()
export class QueueRemovalService {
  private readonly logger = new Logger(QueueRemovalService.name);

  constructor(
    private readonly tracked: TrackedDownloadService,
    private readonly clients: DownloadClientFactory,
    private readonly failed: FailedDownloadService,
  ) {}

  async remove(id: number, options: QueueRemoveQuery): Promise<void> {
    const [pending] = await this.tracked.findPending([id]);
    if (pending) {
      await this.tracked.removePending([id]);
      return;
    }
    const [download] = await this.tracked.findByIds([id]);
    if (!download) throw new NotFoundError(`Queue item ${id} not found`);
    const removeFromClient = options.removeFromClient ?? true;
    if (removeFromClient) {
      const client = await this.clients.client(download.downloadClientId);
      await client.removeItem(download.downloadId, true);
    } else if (options.changeCategory) await this.changeCategory(download);
    if (options.blocklist)
      await this.failed.markFailed(download, 'Manually marked as failed', options.skipRedownload ?? false);
    if (removeFromClient) await this.tracked.remove(download.id);
    else await this.tracked.setState(download.id, 'ignored');
  }

  async removeMany(ids: number[], options: QueueRemoveQuery): Promise<void> {
    for (const id of ids) {
      try {
        await this.remove(id, options);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        this.logger.debug(`Queue item ${id} is already gone`);
      }
    }
  }

  private async changeCategory(download: TrackedDownload): Promise<void> {
    const client = await this.clients.client(download.downloadClientId);
    if (!client.markItemAsImported || !client.postImportCategory) {
      this.logger.debug(`${client.name} has no post-import category; changeCategory ignored for ${download.title}`);
      return;
    }
    await client.markItemAsImported(download.downloadId);
  }
}
