import { Module } from '@nestjs/common';
import { DownloadClientModule } from './download-client/download-client.module';
import { ImportListModule } from './import-list/import-list.module';
import { IndexerModule } from './indexer/indexer.module';
import { MetadataModule } from './metadata/metadata.module';
import { NotificationConnectionModule } from './notification/notification.module';
import { RemotePathMappingModule } from './remote-path-mapping/remote-path-mapping.module';

const KINDS = [
  IndexerModule,
  DownloadClientModule,
  RemotePathMappingModule,
  ImportListModule,
  MetadataModule,
  NotificationConnectionModule,
];

/** Every provider kind (reference §7): indexers, download clients, import lists, metadata, notifications. */
@Module({
  imports: KINDS,
  exports: KINDS,
})
export class ProviderModule {}
