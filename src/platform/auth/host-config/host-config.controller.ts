import { createConfigController } from '../../common/http/config-controller.factory';
import { HostConfigResource } from './host-config.resource';
import { HostConfigService } from './host-config.service';

export const HostConfigController = createConfigController({
  section: 'host',
  tag: 'HostConfig',
  resource: HostConfigResource,
  service: HostConfigService,
});
