import { createConfigController } from '../../common/http/config-controller.factory';
import { UiConfigResource } from './ui-config.resource';
import { UiConfigService } from './ui-config.service';

export const UiConfigController = createConfigController({
  section: 'ui',
  tag: 'UiConfig',
  resource: UiConfigResource,
  service: UiConfigService,
});
