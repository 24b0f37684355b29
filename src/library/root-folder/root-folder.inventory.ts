import {
  acts,
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
    defaultMonitorOption: acts('src/files/disk-scan/new-author-detector.ts', [
      'test/e2e/files/disk-scan/new-authors.e2e-spec.ts',
      'defaultMonitorOption / defaultNewItemMonitorOption / defaultTags: an author found in a root folder’s files is added with that folder’s defaults, and the files are matched',
    ]),
    defaultNewItemMonitorOption: acts('src/files/disk-scan/new-author-detector.ts', [
      'test/e2e/files/disk-scan/new-authors.e2e-spec.ts',
      'defaultMonitorOption / defaultNewItemMonitorOption / defaultTags: an author found in a root folder’s files is added with that folder’s defaults, and the files are matched',
    ]),
    defaultTags: acts('src/files/disk-scan/new-author-detector.ts', [
      'test/e2e/files/disk-scan/new-authors.e2e-spec.ts',
      'defaultMonitorOption / defaultNewItemMonitorOption / defaultTags: an author found in a root folder’s files is added with that folder’s defaults, and the files are matched',
    ]),
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
