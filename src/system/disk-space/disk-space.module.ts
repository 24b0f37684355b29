import { Module } from '@nestjs/common';
import { DiskSpaceController } from './disk-space.controller';
import { DiskSpaceService } from './disk-space.service';

@Module({
  controllers: [DiskSpaceController],
  providers: [DiskSpaceService],
  exports: [DiskSpaceService],
})
export class DiskSpaceModule {}
