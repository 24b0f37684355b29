import { Module } from '@nestjs/common';
import { ProviderRegistry } from '../core/provider';
import { ProviderCoreModule } from '../core/provider-core.module';
import { IndexerFactory } from './indexer-factory.service';
import { IndexerController } from './indexer.controller';
import { INDEXER_REGISTRY, IndexerService } from './indexer.service';
import { NewznabIndexer, TorznabIndexer } from './newznab.indexer';

@Module({
  imports: [ProviderCoreModule],
  controllers: [IndexerController],
  providers: [
    NewznabIndexer,
    TorznabIndexer,
    {
      provide: INDEXER_REGISTRY,
      inject: [NewznabIndexer, TorznabIndexer],
      useFactory: (newznab: NewznabIndexer, torznab: TorznabIndexer) => new ProviderRegistry([newznab, torznab]),
    },
    IndexerService,
    IndexerFactory,
  ],
  exports: [IndexerService, IndexerFactory],
})
export class IndexerModule {}
