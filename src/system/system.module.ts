import { Module } from '@nestjs/common';
import { SystemStatusController } from './status/system-status.controller';
import { SystemStatusService } from './status/system-status.service';

@Module({
  controllers: [SystemStatusController],
  providers: [SystemStatusService],
  exports: [SystemStatusService],
})
export class SystemModule {}
