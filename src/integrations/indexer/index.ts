export * from './indexer-client';
export { IndexerFactory } from './indexer-factory.service';
export { IndexerModule } from './indexer.module';
export { IndexerService } from './indexer.service';
