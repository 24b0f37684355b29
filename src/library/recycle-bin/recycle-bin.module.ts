import { Module } from '@nestjs/common';
import { CleanUpRecycleBinHandler } from './clean-up-recycle-bin.handler';
import { MediaFileDeletionService } from './media-file-deletion.service';
import { RecycleBinService } from './recycle-bin.service';
import { RecyclingBinCheck } from './recycling-bin.check';

/** The recycle bin every delete of a library file goes through, its cleanup and health check, `deleteEmptyFolders`. */
@Module({
  providers: [RecycleBinService, MediaFileDeletionService, CleanUpRecycleBinHandler, RecyclingBinCheck],
  exports: [RecycleBinService, MediaFileDeletionService],
})
export class RecycleBinModule {}
