import { Module } from '@nestjs/common';
import { RootFolderModule } from '../../root-folder/root-folder.module';
import { DiskSpaceController } from './disk-space.controller';
import { DiskSpaceService } from './disk-space.service';

@Module({
  imports: [RootFolderModule],
  controllers: [DiskSpaceController],
  providers: [DiskSpaceService],
  exports: [DiskSpaceService],
})
export class DiskSpaceModule {}
