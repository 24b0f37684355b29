import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ApiKeyValidationCheck } from './checks/api-key.check';
import { AppDataLocationCheck } from './checks/app-data.check';
import { DatabaseMigrationCheck } from './checks/migration.check';
import { DownloadClientCheck, IndexerCheck } from './checks/provider.check';
import { ProviderHealthRepository } from './checks/provider-health.repository';
import { CheckHealthHandler } from './check-health.handler';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({
  imports: [DiscoveryModule],
  controllers: [HealthController],
  providers: [
    HealthService,
    CheckHealthHandler,
    AppDataLocationCheck,
    DatabaseMigrationCheck,
    ApiKeyValidationCheck,
    ProviderHealthRepository,
    IndexerCheck,
    DownloadClientCheck,
  ],
  exports: [HealthService],
})
export class HealthModule {}
