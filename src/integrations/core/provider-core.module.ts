import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProviderDefinition } from './provider-definition.entity';
import { ProviderDefinitionRepository } from './provider-definition.repository';
import { ProviderStatus } from './provider-status.entity';
import { ProviderStatusRepository } from './provider-status.repository';
import { ProviderStatusService } from './provider-status.service';

/** The storage every provider kind shares. */
@Module({
  imports: [TypeOrmModule.forFeature([ProviderDefinition, ProviderStatus])],
  providers: [ProviderDefinitionRepository, ProviderStatusRepository, ProviderStatusService],
  exports: [ProviderDefinitionRepository, ProviderStatusService],
})
export class ProviderCoreModule {}
