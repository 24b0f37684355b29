import { createConfigController } from '../../common/http/config-controller.factory';
import { MetadataProviderConfigResource } from './metadata-provider-config.resource';
import { MetadataProviderConfigService } from './metadata-provider-config.service';

export const MetadataProviderConfigController = createConfigController({
  section: 'metadataprovider',
  tag: 'MetadataProviderConfig',
  resource: MetadataProviderConfigResource,
  service: MetadataProviderConfigService,
});
