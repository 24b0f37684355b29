import { Module } from '@nestjs/common';
import { CleanUpRecycleBinHandler } from './clean-up-recycle-bin.handler';
import { MediaFileDeletionService } from './media-file-deletion.service';
import { RecycleBinService } from './recycle-bin.service';

/** The recycle bin every delete of a library file goes through, its cleanup, and `deleteEmptyFolders`. */
@Module({
  providers: [RecycleBinService, MediaFileDeletionService, CleanUpRecycleBinHandler],
  exports: [RecycleBinService, MediaFileDeletionService],
})
export class RecycleBinModule {}
