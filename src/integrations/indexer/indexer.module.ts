import { Module } from '@nestjs/common';
import { ProviderRegistry } from '../core/provider';
import { ProviderCoreModule } from '../core/provider-core.module';
import { IndexerFactory } from './indexer-factory.service';
import { IndexerController } from './indexer.controller';
import { INDEXER_REGISTRY, IndexerService } from './indexer.service';
import { NewznabIndexer, TorznabIndexer } from './newznab.indexer';
import { TorrentRssIndexer } from './torrent-rss.indexer';

@Module({
  imports: [ProviderCoreModule],
  controllers: [IndexerController],
  providers: [
    NewznabIndexer,
    TorznabIndexer,
    TorrentRssIndexer,
    {
      provide: INDEXER_REGISTRY,
      inject: [NewznabIndexer, TorznabIndexer, TorrentRssIndexer],
      useFactory: (newznab: NewznabIndexer, torznab: TorznabIndexer, torrentRss: TorrentRssIndexer) =>
        new ProviderRegistry([newznab, torznab, torrentRss]),
    },
    IndexerService,
    IndexerFactory,
  ],
  exports: [IndexerService, IndexerFactory],
})
export class IndexerModule {}
