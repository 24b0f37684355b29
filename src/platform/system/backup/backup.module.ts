import { Module } from '@nestjs/common';
import { BackupController } from './backup.controller';
import { BackupHandler } from './backup.handler';
import { BackupService } from './backup.service';

@Module({
  controllers: [BackupController],
  providers: [BackupService, BackupHandler],
  exports: [BackupService],
})
export class BackupModule {}
