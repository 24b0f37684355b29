import { Module } from '@nestjs/common';
import { AuthorModule } from '../../library/author/author.module';
import { BookFileModule } from '../../library/book-file/book-file.module';
import { BookModule } from '../../library/book/book.module';
import { MediaFileModule } from '../../library/media-file/media-file.module';
import { OrganizerModule } from '../organizer/organizer.module';
import { ProfileModule } from '../../library/profile/profile.module';
import { RecycleBinModule } from '../../library/recycle-bin/recycle-bin.module';
import { DownloadClientModule } from '../../integrations/download-client/download-client.module';
import { MetadataModule } from '../../integrations/metadata-consumer/metadata.module';
import { RemotePathMappingModule } from '../../integrations/remote-path-mapping/remote-path-mapping.module';
import { QueueModule } from '../../acquisition/queue/queue.module';
import { CompletedDownloadListener } from './completed-download.listener';
import { CompletedDownloadService } from './completed-download.service';
import { DownloadFolderLocator } from './download-folder-locator';
import { ImportApprovedService } from './import-approved.service';
import { ImportCandidatesRepository } from './import-candidates.repository';
import { ImportDecisionService } from './import-decision.service';
import { ImportFailureRecorder } from './import-failure-recorder';
import { ImportSuccessRecorder } from './import-success-recorder';
import { ImportedFileRecorder } from './imported-file-recorder';
import { ImportedFileWritersListener } from './imported-file-writers.listener';
import { DownloadedBooksScanHandler, ManualImportHandler } from './import.handlers';
import { ManualImportController } from './manual-import.controller';
import { ManualImportService } from './manual-import.service';
import { UpgradedFileRetirer } from './upgraded-file-retirer';

/** Importing files: completed-download handling, manual import, DownloadedBooksScan. */
@Module({
  imports: [
    AuthorModule,
    BookModule,
    BookFileModule,
    ProfileModule,
    MediaFileModule,
    OrganizerModule,
    RecycleBinModule,
    QueueModule,
    DownloadClientModule,
    RemotePathMappingModule,
    MetadataModule,
  ],
  controllers: [ManualImportController],
  providers: [
    ImportCandidatesRepository,
    ImportDecisionService,
    UpgradedFileRetirer,
    ImportedFileRecorder,
    ImportApprovedService,
    DownloadFolderLocator,
    ImportSuccessRecorder,
    ImportFailureRecorder,
    CompletedDownloadService,
    CompletedDownloadListener,
    ManualImportService,
    ManualImportHandler,
    DownloadedBooksScanHandler,
    ImportedFileWritersListener,
  ],
  exports: [CompletedDownloadService, ImportDecisionService, ImportApprovedService],
})
export class ImportModule {}
