import { Module } from '@nestjs/common';
import { BookFileModule } from '../../library/book-file/book-file.module';
import { HistoryModule } from '../../acquisition/history/history.module';
import { MediaFileModule } from '../../library/media-file/media-file.module';
import { MetadataModule } from '../../integrations/metadata-consumer/metadata.module';
import { FileHistoryService } from './file-history.service';
import { MetadataFilesRenameListener } from './metadata-files-rename.listener';
import { FileNameBuilder } from './file-name-builder.service';
import { NamingConfigController } from './naming-config.controller';
import { NamingContextRepository } from './naming-context.repository';
import { OrganizerController } from './organizer.controller';
import { RenameAuthorHandler, RenameFilesHandler } from './rename.handlers';
import { RenameService } from './rename.service';
import { RetagAuthorHandler, RetagFilesHandler } from './retag.handlers';
import { RetagService } from './retag.service';

/** Naming engine, rename and retag (previews + commands), and `/config/naming` with its rendered examples. */
@Module({
  imports: [HistoryModule, MediaFileModule, BookFileModule, MetadataModule],
  controllers: [OrganizerController, NamingConfigController],
  providers: [
    NamingContextRepository,
    FileNameBuilder,
    FileHistoryService,
    RenameService,
    RetagService,
    RenameFilesHandler,
    RenameAuthorHandler,
    RetagFilesHandler,
    RetagAuthorHandler,
    MetadataFilesRenameListener,
  ],
  exports: [NamingContextRepository, FileNameBuilder, FileHistoryService, RetagService],
})
export class OrganizerModule {}
