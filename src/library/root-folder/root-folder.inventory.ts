import {
  acts,
  pending,
  resourceSurface,
  SettingsSurface,
  uiOnly,
  unsupported,
} from '../../platform/settings/inventory/settings-inventory';
import { RootFolderResource } from './root-folder.resource';

const ROOT_FOLDER_DEFAULTS = { isCalibreLibrary: false };

/** What each root folder field does in Quire; the Calibre fields only matter with `isCalibreLibrary`, which is refused. */
export const ROOT_FOLDER_INVENTORY: SettingsSurface = resourceSurface({
  id: 'rootfolder',
  title: 'Root folders',
  route: '/api/v1/rootfolder',
  resource: RootFolderResource,
  defaults: ROOT_FOLDER_DEFAULTS,
  notSettings: ['accessible', 'freeSpace', 'totalSpace'],
  entries: {
    name: acts('src/library/root-folder/root-folder-command.service.ts', [
      'test/e2e/library/root-folder/root-folder.e2e-spec.ts',
      'create → read → update → list → delete, with free/total space and unmapped folders',
    ]),
    path: acts('src/library/root-folder/root-folder-command.service.ts', [
      'test/e2e/library/root-folder/root-folder.e2e-spec.ts',
      'create → read → update → list → delete, with free/total space and unmapped folders',
    ]),
    defaultMetadataProfileId: uiOnly('web/src/features/add/AddSearchPage.tsx'),
    defaultQualityProfileId: uiOnly('web/src/features/add/AddSearchPage.tsx'),
    // Readarr reads these only when an import adds an author it found in the folder's files; Quire's import
    // matches files to authors already in the library and adds none, so they wait for that feature.
    defaultMonitorOption: pending(
      'Stored; Readarr applies it to an author an import adds from files, and Quire’s import does not add authors yet',
    ),
    defaultNewItemMonitorOption: pending(
      'Stored; Readarr applies it to an author an import adds from files, and Quire’s import does not add authors yet',
    ),
    defaultTags: pending(
      'Stored; Readarr applies it to an author an import adds from files, and Quire’s import does not add authors yet',
    ),
    isCalibreLibrary: unsupported(
      'Readarr’s Calibre content-server integration is not part of Quire; Quire manages the folder itself',
    ),
    host: unsupported('Calibre content-server setting; Quire manages the folder itself'),
    port: unsupported('Calibre content-server setting; Quire manages the folder itself'),
    urlBase: unsupported('Calibre content-server setting; Quire manages the folder itself'),
    username: unsupported('Calibre content-server setting; Quire manages the folder itself'),
    password: unsupported('Calibre content-server setting; Quire manages the folder itself'),
    library: unsupported('Calibre content-server setting; Quire manages the folder itself'),
    outputFormat: unsupported('Calibre content-server setting; Quire manages the folder itself'),
    outputProfile: unsupported('Calibre content-server setting; Quire manages the folder itself'),
    useSsl: unsupported('Calibre content-server setting; Quire manages the folder itself'),
  },
});
