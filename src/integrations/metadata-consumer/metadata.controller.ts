import { createProviderController } from '../core/provider-controller.factory';
import { MetadataResource } from './metadata.resource';
import { MetadataService } from './metadata.service';

export const MetadataController = createProviderController({
  path: 'metadata',
  tag: 'Metadata',
  resource: MetadataResource,
  service: MetadataService,
});
