import { createConfigController } from '../../common/http/config-controller.factory';
import { DownloadClientConfigResource } from './download-client-config.resource';
import { DownloadClientConfigService } from './download-client-config.service';

export const DownloadClientConfigController = createConfigController({
  section: 'downloadclient',
  tag: 'DownloadClientConfig',
  resource: DownloadClientConfigResource,
  service: DownloadClientConfigService,
});
