import { Injectable, Logger } from '@nestjs/common';
import { DownloadCompletedEvent } from '../../acquisition/queue/download.events';
import { TrackedDownloadService } from '../../acquisition/queue/tracked-download.service';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import { DownloadClientConfigService } from '../../platform/settings/download-client/download-client-config.service';
import { CompletedDownloadService } from './completed-download.service';

/** Completed-download handling, when it is enabled: a download that finished (`download.completed`) is imported. */
@Injectable()
export class CompletedDownloadListener {
  private readonly logger = new Logger(CompletedDownloadListener.name);

  constructor(
    private readonly downloadClientConfig: DownloadClientConfigService,
    private readonly tracked: TrackedDownloadService,
    private readonly completed: CompletedDownloadService,
  ) {}

  @OnDomainEvent(DownloadCompletedEvent.NAME)
  async onCompleted(event: DownloadCompletedEvent): Promise<void> {
    try {
      if (!(await this.downloadClientConfig.load()).enableCompletedDownloadHandling) return;
      await this.completed.import(await this.tracked.findById(event.init.trackedDownloadId));
    } catch (error) {
      this.logger.error(`Import of download ${event.init.downloadId} failed: ${(error as Error).message}`);
    }
  }
}
