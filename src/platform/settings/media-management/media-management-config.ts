import { WireEnum } from '../../common/wire/wire-enum';

export const ProperDownloadTypes = new WireEnum({ preferAndUpgrade: 0, doNotUpgrade: 1, doNotPrefer: 2 });
export const FileDateType = new WireEnum({ none: 0, bookReleaseDate: 1 });
export const RescanAfterRefreshType = new WireEnum({ always: 0, afterManual: 1, never: 2 });
export const AllowFingerprinting = new WireEnum({ never: 0, newFiles: 1, allFiles: 2 });

export interface MediaManagementConfig {
  autoUnmonitorPreviouslyDownloadedBooks: boolean;
  recycleBin: string;
  recycleBinCleanupDays: number;
  downloadPropersAndRepacks: keyof typeof ProperDownloadTypes.values;
  createEmptyAuthorFolders: boolean;
  deleteEmptyFolders: boolean;
  fileDate: keyof typeof FileDateType.values;
  watchLibraryForChanges: boolean;
  rescanAfterRefresh: keyof typeof RescanAfterRefreshType.values;
  allowFingerprinting: keyof typeof AllowFingerprinting.values;
  setPermissionsLinux: boolean;
  chmodFolder: string;
  chownGroup: string;
  skipFreeSpaceCheckWhenImporting: boolean;
  /** Megabytes. */
  minimumFreeSpaceWhenImporting: number;
  copyUsingHardlinks: boolean;
  importExtraFiles: boolean;
  extraFileExtensions: string;
  /**
   * Quire-only: how close (percent) a file's tags or name must be to a book for an automatic import.
   * Readarr hard-coded 80 %, its most complained-about import rule; here it is a setting.
   */
  importMatchThreshold: number;
}

export const MEDIA_MANAGEMENT_CONFIG_KEY = 'mediaManagement';

export const MEDIA_MANAGEMENT_CONFIG_DEFAULTS: MediaManagementConfig = {
  autoUnmonitorPreviouslyDownloadedBooks: false,
  recycleBin: '',
  recycleBinCleanupDays: 7,
  downloadPropersAndRepacks: 'preferAndUpgrade',
  createEmptyAuthorFolders: false,
  deleteEmptyFolders: false,
  fileDate: 'none',
  watchLibraryForChanges: true,
  rescanAfterRefresh: 'always',
  allowFingerprinting: 'newFiles',
  setPermissionsLinux: false,
  chmodFolder: '755',
  chownGroup: '',
  skipFreeSpaceCheckWhenImporting: false,
  minimumFreeSpaceWhenImporting: 100,
  copyUsingHardlinks: true,
  importExtraFiles: false,
  extraFileExtensions: 'srt',
  importMatchThreshold: 70,
};
