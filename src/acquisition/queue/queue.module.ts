import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthorModule } from '../../library/author/author.module';
import { BookModule } from '../../library/book/book.module';
import { ParserModule } from '../parser/parser.module';
import { ProfileModule } from '../../library/profile/profile.module';
import { DownloadClientModule } from '../../integrations/download-client/download-client.module';
import { DownloadClientCleanupService } from './download-client-cleanup.service';
import { FailedDownloadListener } from './failed-download.listener';
import { FailedDownloadService } from './failed-download.service';
import { PendingRelease } from './pending-release.entity';
import { QueueRemovalService } from './queue-removal.service';
import { QueueController } from './queue.controller';
import { QueueService } from './queue.service';
import { RefreshMonitoredDownloadsHandler } from './refresh-monitored-downloads.handler';
import { TrackedDownload } from './tracked-download.entity';
import { TrackedDownloadRepository } from './tracked-download.repository';
import { TrackedDownloadService } from './tracked-download.service';

/** Download tracking: `tracked_download`, `/api/v1/queue*`, RefreshMonitoredDownloads, failed downloads. */
@Module({
  imports: [
    TypeOrmModule.forFeature([TrackedDownload, PendingRelease]),
    AuthorModule,
    BookModule,
    ProfileModule,
    ParserModule,
    DownloadClientModule,
  ],
  controllers: [QueueController],
  providers: [
    TrackedDownloadRepository,
    TrackedDownloadService,
    QueueService,
    QueueRemovalService,
    FailedDownloadService,
    DownloadClientCleanupService,
    FailedDownloadListener,
    RefreshMonitoredDownloadsHandler,
  ],
  exports: [TrackedDownloadService, QueueService, FailedDownloadService, DownloadClientCleanupService],
})
export class QueueModule {}
