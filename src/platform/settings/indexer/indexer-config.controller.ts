import { createConfigController } from '../../common/http/config-controller.factory';
import { IndexerConfigResource } from './indexer-config.resource';
import { IndexerConfigService } from './indexer-config.service';

export const IndexerConfigController = createConfigController({
  section: 'indexer',
  tag: 'IndexerConfig',
  resource: IndexerConfigResource,
  service: IndexerConfigService,
});
