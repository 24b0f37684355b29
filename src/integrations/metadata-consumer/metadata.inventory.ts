import { acts, pending } from '../../platform/settings/inventory/settings-inventory';
import { ProviderKindInventory } from '../core/provider-inventory';
import { MetadataResource } from './metadata.resource';
import { CalibreOpfSettings } from './calibre-opf.metadata';

/** What each flag of metadata consumers and each field of each implementation does in Quire. */
export const METADATA_CONSUMER_INVENTORY: ProviderKindInventory = {
  kind: 'metadata',
  title: 'Metadata consumers',
  resource: MetadataResource,
  notSettings: [],
  common: {
    name: acts('src/integrations/core/provider.service.ts', [
      'test/e2e/integrations/metadata-consumer/provider-metadata.e2e-spec.ts',
      'writes metadata.opf and cover.jpg beside the book through every enabled consumer',
    ]),
    enable: pending('Quire does not write metadata files for consumers yet; support is being added'),
    tags: pending('Quire does not write metadata files for consumers yet; support is being added'),
  },
  implementations: {
    CalibreOpf: {
      settings: CalibreOpfSettings,
      fields: {
        bookMetadata: pending('Quire does not write metadata files for consumers yet; support is being added'),
        bookImages: pending('Quire does not write metadata files for consumers yet; support is being added'),
      },
    },
  },
};
