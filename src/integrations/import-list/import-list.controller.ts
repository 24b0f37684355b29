import { createProviderController } from '../core/provider-controller.factory';
import { ImportListBulkResource, ImportListResource } from './import-list.resource';
import { ImportListService } from './import-list.service';

export const ImportListController = createProviderController({
  path: 'importlist',
  tag: 'ImportList',
  resource: ImportListResource,
  bulk: ImportListBulkResource,
  service: ImportListService,
});
