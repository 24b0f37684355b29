import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { RootFolderModule } from '../../root-folder/root-folder.module';
import { DiskSpaceModule } from '../disk-space/disk-space.module';
import { ApiKeyValidationCheck } from './checks/api-key.check';
import { AppDataLocationCheck } from './checks/app-data.check';
import { DiskSpaceCheck } from './checks/disk-space.check';
import { DatabaseMigrationCheck } from './checks/migration.check';
import { DownloadClientCheck, IndexerCheck } from './checks/provider.check';
import { ProviderHealthRepository } from './checks/provider-health.repository';
import { RootFolderCheck } from './checks/root-folder.check';
import { CheckHealthHandler } from './check-health.handler';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({
  imports: [DiscoveryModule, DiskSpaceModule, RootFolderModule],
  controllers: [HealthController],
  providers: [
    HealthService,
    CheckHealthHandler,
    RootFolderCheck,
    AppDataLocationCheck,
    DiskSpaceCheck,
    DatabaseMigrationCheck,
    ApiKeyValidationCheck,
    ProviderHealthRepository,
    IndexerCheck,
    DownloadClientCheck,
  ],
  exports: [HealthService],
})
export class HealthModule {}
