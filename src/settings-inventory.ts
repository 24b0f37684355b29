import { RELEASE_PROFILE_INVENTORY } from './acquisition/release-profile/release-profile.inventory';
import { providerSurfaces } from './integrations/core/provider-inventory';
import { DOWNLOAD_CLIENT_INVENTORY } from './integrations/download-client/download-client.inventory';
import { IMPORT_LIST_INVENTORY } from './integrations/import-list/import-list.inventory';
import { INDEXER_INVENTORY } from './integrations/indexer/indexer.inventory';
import { METADATA_CONSUMER_INVENTORY } from './integrations/metadata-consumer/metadata.inventory';
import { PROFILE_INVENTORIES } from './library/profile/profile.inventory';
import { ROOT_FOLDER_INVENTORY } from './library/root-folder/root-folder.inventory';
import { NOTIFICATION_INVENTORY } from './notifications/connections/notification.inventory';
import { HOST_CONFIG_INVENTORY } from './platform/auth/host-config/host-config.inventory';
import { SettingsSurface } from './platform/settings/inventory/settings-inventory';
import { CONFIG_SECTION_INVENTORIES } from './platform/settings/settings.inventory';

/** The provider kinds, each listing its implementations with their settings classes. */
export const PROVIDER_KIND_INVENTORIES = [
  DOWNLOAD_CLIENT_INVENTORY,
  INDEXER_INVENTORY,
  IMPORT_LIST_INVENTORY,
  METADATA_CONSUMER_INVENTORY,
  NOTIFICATION_INVENTORY,
];

/**
 * Every settings surface of Quire, gathered from the inventories its features keep beside their resources; the app
 * serves it at `GET /api/v1/quire/settings-inventory` and `npm run docs:settings` writes `docs/settings.md` from it.
 */
export function allSettingsSurfaces(): SettingsSurface[] {
  return [
    HOST_CONFIG_INVENTORY,
    ...CONFIG_SECTION_INVENTORIES,
    ROOT_FOLDER_INVENTORY,
    ...PROFILE_INVENTORIES,
    RELEASE_PROFILE_INVENTORY,
    ...PROVIDER_KIND_INVENTORIES.flatMap(providerSurfaces),
  ];
}
