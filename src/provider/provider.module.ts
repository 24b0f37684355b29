import { Module } from '@nestjs/common';
import { IndexerModule } from './indexer/indexer.module';

/** Every provider kind (reference §7): indexers, download clients, import lists, metadata, notifications. */
@Module({
  imports: [IndexerModule],
  exports: [IndexerModule],
})
export class ProviderModule {}
