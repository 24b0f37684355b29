import { Module } from '@nestjs/common';
import { BackupModule } from './backup/backup.module';
import { HealthModule } from './health/health.module';
import { IndexerFlagController } from './indexer-flag/indexer-flag.controller';
import { LifecycleController } from './lifecycle/lifecycle.controller';
import { LifecycleService } from './lifecycle/lifecycle.service';
import { ProcessControl } from './lifecycle/process-control';
import { LogModule } from './log/log.module';
import { RoutesController } from './routes/routes.controller';
import { SystemStatusController } from './status/system-status.controller';
import { SystemStatusService } from './status/system-status.service';
import { UpdateController } from './update/update.controller';

@Module({
  imports: [LogModule, HealthModule, BackupModule],
  controllers: [SystemStatusController, IndexerFlagController, UpdateController, RoutesController, LifecycleController],
  providers: [SystemStatusService, ProcessControl, LifecycleService],
  exports: [SystemStatusService, HealthModule, BackupModule, LogModule],
})
export class SystemModule {}
