import { Module } from '@nestjs/common';
import { DownloadClientModule } from './download-client/download-client.module';
import { ImportListModule } from './import-list/import-list.module';
import { IndexerModule } from './indexer/indexer.module';
import { MetadataModule } from './metadata-consumer/metadata.module';
import { RemotePathMappingModule } from './remote-path-mapping/remote-path-mapping.module';

const KINDS = [IndexerModule, DownloadClientModule, RemotePathMappingModule, ImportListModule, MetadataModule];

/** Every provider kind but the notification connections: indexers, download clients, import lists, metadata writers. */
@Module({
  imports: KINDS,
  exports: KINDS,
})
export class IntegrationsModule {}
