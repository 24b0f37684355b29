import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConfigEntry } from '../database/config-entry.entity';
import { ConfigStore } from '../database/config-store.service';
import { DevelopmentConfigController } from './development/development-config.controller';
import { DevelopmentConfigService } from './development/development-config.service';
import { MetadataSourceSettings } from './development/metadata-source-settings';
import { DownloadClientConfigController } from './download-client/download-client-config.controller';
import { DownloadClientConfigService } from './download-client/download-client-config.service';
import { IndexerConfigController } from './indexer/indexer-config.controller';
import { IndexerConfigService } from './indexer/indexer-config.service';
import { MediaManagementConfigController } from './media-management/media-management-config.controller';
import { MediaManagementConfigService } from './media-management/media-management-config.service';
import { MetadataProviderConfigController } from './metadata-provider/metadata-provider-config.controller';
import { MetadataProviderConfigService } from './metadata-provider/metadata-provider-config.service';
import { NamingConfigService } from './naming/naming-config.service';
import { UiConfigController } from './ui/ui-config.controller';
import { UiConfigService } from './ui/ui-config.service';

const SECTION_SERVICES = [
  DevelopmentConfigService,
  DownloadClientConfigService,
  IndexerConfigService,
  MediaManagementConfigService,
  MetadataProviderConfigService,
  NamingConfigService,
  UiConfigService,
];

/**
 * The `/api/v1/config/*` resources (host config lives with auth, which it depends on; the naming section's
 * controller with the organizer, whose naming engine renders its examples).
 * Global: every feature reads its settings through these services or ConfigStore.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ConfigEntry])],
  controllers: [
    DevelopmentConfigController,
    DownloadClientConfigController,
    IndexerConfigController,
    MediaManagementConfigController,
    MetadataProviderConfigController,
    UiConfigController,
  ],
  providers: [ConfigStore, MetadataSourceSettings, ...SECTION_SERVICES],
  exports: [ConfigStore, MetadataSourceSettings, ...SECTION_SERVICES],
})
export class SettingsModule {}
