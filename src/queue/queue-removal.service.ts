import { Injectable, Logger } from '@nestjs/common';
import { NotFoundError } from '../common/errors/domain-errors';
import { DownloadClientFactory } from '../provider/download-client/download-client-factory.service';
import { FailedDownloadService } from './failed-download.service';
import type { QueueRemoveQuery } from './queue.resource';
import { TrackedDownloadService } from './tracked-download.service';

/** `DELETE /queue/{id}` and `/queue/bulk`: removes from the client, optionally blocklists and searches again. */
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
    if (options.removeFromClient ?? true) {
      const client = await this.clients.client(download.downloadClientId);
      await client.removeItem(download.downloadId, true);
    }
    // changeCategory (move to the post-import category) is not supported by Quire's client interface; ignored.
    if (options.blocklist)
      await this.failed.markFailed(download, 'Manually marked as failed', options.skipRedownload ?? false);
    await this.tracked.remove(download.id);
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
}
