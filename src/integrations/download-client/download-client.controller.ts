import { createProviderController } from '../core/provider-controller.factory';
import { DownloadClientBulkResource, DownloadClientResource } from './download-client.resource';
import { DownloadClientService } from './download-client.service';

export const DownloadClientController = createProviderController({
  path: 'downloadclient',
  tag: 'DownloadClient',
  resource: DownloadClientResource,
  bulk: DownloadClientBulkResource,
  service: DownloadClientService,
});
