export interface DownloadClientConfig {
  downloadClientWorkingFolders: string;
  enableCompletedDownloadHandling: boolean;
  autoRedownloadFailed: boolean;
  autoRedownloadFailedFromInteractiveSearch: boolean;
}

export const DOWNLOAD_CLIENT_CONFIG_KEY = 'downloadClient';

export const DOWNLOAD_CLIENT_CONFIG_DEFAULTS: DownloadClientConfig = {
  downloadClientWorkingFolders: '_UNPACK_|_FAILED_',
  enableCompletedDownloadHandling: true,
  autoRedownloadFailed: true,
  autoRedownloadFailedFromInteractiveSearch: true,
};
