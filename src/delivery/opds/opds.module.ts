import { Module } from '@nestjs/common';
import { MediaCoverModule } from '../../metadata/source/media-cover/media-cover.module';
import { RootFolderModule } from '../../library/root-folder/root-folder.module';
import { LibraryFilesService } from './library-files.service';
import { OpdsAuthGuard } from './opds-auth.guard';
import { OpdsBookEntries } from './opds-book-entries';
import { OpdsCatalogService } from './opds-catalog.service';
import { OpdsCredentialsService } from './opds-credentials.service';
import { OpdsController } from './opds.controller';
import { OpdsRepository } from './opds.repository';

/** The OPDS 1.2 catalog for e-reader apps (`/opds`): feeds, covers and book-file downloads. */
@Module({
  imports: [MediaCoverModule, RootFolderModule],
  controllers: [OpdsController],
  providers: [
    OpdsRepository,
    OpdsBookEntries,
    OpdsCatalogService,
    OpdsCredentialsService,
    OpdsAuthGuard,
    LibraryFilesService,
  ],
})
export class OpdsModule {}
