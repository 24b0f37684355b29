import { createProviderController } from '../core/provider-controller.factory';
import { IndexerBulkResource, IndexerResource } from './indexer.resource';
import { IndexerService } from './indexer.service';

export const IndexerController = createProviderController({
  path: 'indexer',
  tag: 'Indexer',
  resource: IndexerResource,
  bulk: IndexerBulkResource,
  service: IndexerService,
});
