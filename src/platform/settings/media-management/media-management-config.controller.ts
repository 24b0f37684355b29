import { createConfigController } from '../../common/http/config-controller.factory';
import { MediaManagementConfigResource } from './media-management-config.resource';
import { MediaManagementConfigService } from './media-management-config.service';

export const MediaManagementConfigController = createConfigController({
  section: 'mediamanagement',
  tag: 'MediaManagementConfig',
  resource: MediaManagementConfigResource,
  service: MediaManagementConfigService,
});
