import { createConfigController } from '../../common/http/config-controller.factory';
import { DevelopmentConfigResource } from './development-config.resource';
import { DevelopmentConfigService } from './development-config.service';

export const DevelopmentConfigController = createConfigController({
  section: 'development',
  tag: 'DevelopmentConfig',
  resource: DevelopmentConfigResource,
  service: DevelopmentConfigService,
});
