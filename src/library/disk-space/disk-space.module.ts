import { Module } from '@nestjs/common';
import { RootFolderModule } from '../root-folder/root-folder.module';
import { DiskSpaceCheck } from './disk-space.check';
import { DiskSpaceController } from './disk-space.controller';
import { DiskSpaceService } from './disk-space.service';

@Module({
  imports: [RootFolderModule],
  controllers: [DiskSpaceController],
  providers: [DiskSpaceService, DiskSpaceCheck],
  exports: [DiskSpaceService],
})
export class DiskSpaceModule {}
