import { acts } from '../../platform/settings/inventory/settings-inventory';
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
    enable: acts('src/integrations/metadata-consumer/metadata.service.ts', [
      'test/e2e/files/import/import-writers.e2e-spec.ts',
      'a disabled metadata consumer writes nothing; an enabled one writes metadata.opf and cover.jpg beside the book',
    ]),
    tags: acts('src/integrations/metadata-consumer/metadata.service.ts', [
      'test/e2e/files/import/import-writers.e2e-spec.ts',
      'a consumer with tags writes only for authors sharing one of them',
    ]),
  },
  implementations: {
    CalibreOpf: {
      settings: CalibreOpfSettings,
      fields: {
        bookMetadata: acts('src/integrations/metadata-consumer/calibre-opf.metadata.ts', [
          'test/e2e/files/import/import-writers.e2e-spec.ts',
          'bookMetadata and bookImages choose which of metadata.opf and cover.jpg are written',
        ]),
        bookImages: acts('src/integrations/metadata-consumer/calibre-opf.metadata.ts', [
          'test/e2e/files/import/import-writers.e2e-spec.ts',
          'bookMetadata and bookImages choose which of metadata.opf and cover.jpg are written',
        ]),
      },
    },
  },
};
