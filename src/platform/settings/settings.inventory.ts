import { acts, resourceSurface, SettingsSurface, uiOnly, unsupported } from './inventory/settings-inventory';
import { UI_CONFIG_DEFAULTS } from './ui/ui-config';
import { UiConfigResource } from './ui/ui-config.resource';
import { MEDIA_MANAGEMENT_CONFIG_DEFAULTS } from './media-management/media-management-config';
import { MediaManagementConfigResource } from './media-management/media-management-config.resource';
import { NAMING_CONFIG_DEFAULTS } from './naming/naming-config';
import { NamingConfigResource } from './naming/naming-config.resource';
import { METADATA_PROVIDER_CONFIG_DEFAULTS } from './metadata-provider/metadata-provider-config';
import { MetadataProviderConfigResource } from './metadata-provider/metadata-provider-config.resource';
import { DOWNLOAD_CLIENT_CONFIG_DEFAULTS } from './download-client/download-client-config';
import { DownloadClientConfigResource } from './download-client/download-client-config.resource';
import { INDEXER_CONFIG_DEFAULTS } from './indexer/indexer-config';
import { IndexerConfigResource } from './indexer/indexer-config.resource';
import { DEVELOPMENT_CONFIG_DEFAULTS } from './development/development-config';
import { DevelopmentConfigResource } from './development/development-config.resource';

// What each field of the `/config/<section>` resources of this folder does in Quire (host: platform/auth).

export const UI_CONFIG_INVENTORY: SettingsSurface = resourceSurface({
  id: 'config/ui',
  title: 'UI',
  route: '/api/v1/config/ui',
  resource: UiConfigResource,
  defaults: UI_CONFIG_DEFAULTS,
  entries: {
    // Applied by the web UI on its next render (web/src/components/ui-settings.tsx reads config/ui).
    firstDayOfWeek: acts('web/src/features/calendar/calendar.ts', [
      'test/ui/ui-settings.ui-spec.ts',
      'the UI re-rendered with a new date format, time format, relative dates, week, theme and colours after a save',
    ]),
    calendarWeekColumnHeader: acts('web/src/features/calendar/CalendarPage.tsx', [
      'test/ui/ui-settings.ui-spec.ts',
      'the UI re-rendered with a new date format, time format, relative dates, week, theme and colours after a save',
    ]),
    shortDateFormat: acts('web/src/components/dates.ts', [
      'test/ui/ui-settings.ui-spec.ts',
      'the UI re-rendered with a new date format, time format, relative dates, week, theme and colours after a save',
    ]),
    longDateFormat: acts('web/src/components/dates.ts', [
      'test/ui/ui-settings.ui-spec.ts',
      'the UI re-rendered with a new date format, time format, relative dates, week, theme and colours after a save',
    ]),
    timeFormat: acts('web/src/components/dates.ts', [
      'test/ui/ui-settings.ui-spec.ts',
      'the UI re-rendered with a new date format, time format, relative dates, week, theme and colours after a save',
    ]),
    showRelativeDates: acts('web/src/components/dates.ts', [
      'test/ui/ui-settings.ui-spec.ts',
      'the UI re-rendered with a new date format, time format, relative dates, week, theme and colours after a save',
    ]),
    enableColorImpairedMode: acts('web/src/components/ui-settings.tsx', [
      'test/ui/ui-settings.ui-spec.ts',
      'the UI re-rendered with a new date format, time format, relative dates, week, theme and colours after a save',
    ]),
    theme: acts('web/src/components/ui-settings.tsx', [
      'test/ui/ui-settings.ui-spec.ts',
      'theme auto follows the browser’s colour scheme as it changes; light stays light',
    ]),
    uiLanguage: unsupported(
      'Quire’s web UI is in English only; dates, times and labels are written in English whatever the language',
    ),
  },
});

export const MEDIA_MANAGEMENT_CONFIG_INVENTORY: SettingsSurface = resourceSurface({
  id: 'config/mediamanagement',
  title: 'Media management',
  route: '/api/v1/config/mediamanagement',
  resource: MediaManagementConfigResource,
  defaults: MEDIA_MANAGEMENT_CONFIG_DEFAULTS,
  entries: {
    autoUnmonitorPreviouslyDownloadedBooks: acts('src/library/book/unmonitor-deleted-books.listener.ts', [
      'test/e2e/library/book/unmonitor-deleted-books.e2e-spec.ts',
      'on: a file found missing by a rescan or deleted through the API unmonitors its book; an upgrade does not',
    ]),
    recycleBin: acts('src/library/recycle-bin/recycle-bin.service.ts', [
      'test/e2e/library/recycle-bin/recycle-bin.e2e-spec.ts',
      'moves the file into the bin under its author and book folders, a clash getting _2',
    ]),
    recycleBinCleanupDays: acts('src/library/recycle-bin/recycle-bin.service.ts', [
      'test/e2e/library/recycle-bin/recycle-bin.e2e-spec.ts',
      'CleanUpRecycleBin removes files older than recycleBinCleanupDays and the folders left empty',
    ]),
    downloadPropersAndRepacks: acts('src/acquisition/decision/specifications/upgrade-disk.specification.ts', [
      'test/e2e/acquisition/search/upgrade-settings.e2e-spec.ts',
      'doNotUpgrade: RSS does not replace a file with its proper; preferAndUpgrade does',
    ]),
    createEmptyAuthorFolders: acts('src/library/author/empty-author-folder.listener.ts', [
      'test/e2e/library/author/empty-author-folders.e2e-spec.ts',
      'on: the added author’s folder is created empty, with the folder mode, and a rescan keeps it',
    ]),
    deleteEmptyFolders: acts('src/library/recycle-bin/media-file-deletion.service.ts', [
      'test/e2e/library/recycle-bin/recycle-bin.e2e-spec.ts',
      'on: the book folder left empty goes, then the author folder when its last file goes; the root stays',
    ]),
    fileDate: acts('src/files/import/import-approved.service.ts', [
      'test/e2e/files/import/import.e2e-spec.ts',
      'usenet downloads are moved; extra files follow; the file date can be the release date',
    ]),
    watchLibraryForChanges: acts('src/files/library-watch/library-watcher.service.ts', [
      'test/e2e/files/library-watch/library-watch.e2e-spec.ts',
      'does nothing while the setting is off, and watches again when it is turned on',
    ]),
    rescanAfterRefresh: acts('src/metadata/source/refresh/rescan-after-refresh.ts', [
      'test/e2e/metadata/source/rescan-after-refresh.e2e-spec.ts',
      'afterManual: no scan after a scheduled refresh, a scan after a manual one',
    ]),
    allowFingerprinting: unsupported(
      'Readarr fingerprints audio with fpcalc and looks the prints up in AcoustID, an internet service; Quire matches files by their tags and names and sends nothing about them to any service',
    ),
    setPermissionsLinux: acts('src/files/organizer/disk-transfer.ts', [
      'src/files/organizer/disk-transfer.spec.ts',
      'gives the created folder the configured folder mode when permissions are set',
    ]),
    chmodFolder: acts('src/files/organizer/disk-transfer.ts', [
      'src/files/organizer/disk-transfer.spec.ts',
      'gives the created folder the configured folder mode when permissions are set',
    ]),
    chownGroup: acts('src/files/organizer/disk-transfer.ts', [
      'test/e2e/files/import/import-writers.e2e-spec.ts',
      'chownGroup gives the imported file and its folder to the group when permissions are set',
    ]),
    skipFreeSpaceCheckWhenImporting: acts('src/files/import/import-decision.service.ts', [
      'test/e2e/notifications/connections/send-to-ereader.e2e-spec.ts',
      'sends a newly imported book automatically (onReleaseImport), only to connections whose tags match',
    ]),
    minimumFreeSpaceWhenImporting: acts('src/files/import/import-decision.service.ts', [
      'test/e2e/files/import/import-transfer-settings.e2e-spec.ts',
      'minimumFreeSpaceWhenImporting: an import that would leave less free space is refused and changes nothing',
    ]),
    copyUsingHardlinks: acts('src/files/import/import-approved.service.ts', [
      'test/e2e/files/import/import-transfer-settings.e2e-spec.ts',
      'copyUsingHardlinks on: a torrent file is hard-linked into the library and the seeding copy stays',
    ]),
    importExtraFiles: acts('src/files/import/import-approved.service.ts', [
      'test/e2e/files/import/import.e2e-spec.ts',
      'usenet downloads are moved; extra files follow; the file date can be the release date',
    ]),
    extraFileExtensions: acts('src/files/import/import-approved.service.ts', [
      'test/e2e/files/import/import.e2e-spec.ts',
      'usenet downloads are moved; extra files follow; the file date can be the release date',
    ]),
    importMatchThreshold: acts('src/files/import/import-decision.service.ts', [
      'test/e2e/files/import/import.e2e-spec.ts',
      'a file that does not match closely enough is not imported; the source stays and the reason is recorded',
    ]),
  },
});

export const NAMING_CONFIG_INVENTORY: SettingsSurface = resourceSurface({
  id: 'config/naming',
  title: 'Naming',
  route: '/api/v1/config/naming',
  resource: NamingConfigResource,
  defaults: NAMING_CONFIG_DEFAULTS,
  entries: {
    renameBooks: acts('src/files/organizer/file-name-builder.service.ts', [
      'test/e2e/files/organizer/rename.e2e-spec.ts',
      'the preview lists exactly what RenameFiles then does',
    ]),
    replaceIllegalCharacters: acts('src/files/organizer/naming-engine.ts', [
      'src/files/organizer/naming-engine.spec.ts',
      'replaces or removes characters that are illegal in file names',
    ]),
    colonReplacementFormat: acts('src/files/organizer/naming-engine.ts', [
      'test/e2e/files/organizer/rename.e2e-spec.ts',
      'the preview lists exactly what RenameFiles then does',
    ]),
    standardBookFormat: acts('src/files/organizer/naming-engine.ts', [
      'test/e2e/files/organizer/rename.e2e-spec.ts',
      'the preview lists exactly what RenameFiles then does',
    ]),
    authorFolderFormat: acts('src/files/organizer/naming-engine.ts', [
      'test/e2e/files/organizer/rename.e2e-spec.ts',
      'naming examples: saved config without id, form values with id, absent when invalid',
    ]),
    includeAuthorName: uiOnly('web/src/features/settings/SimpleConfigPages.tsx'),
    includeBookTitle: uiOnly('web/src/features/settings/SimpleConfigPages.tsx'),
    includeQuality: uiOnly('web/src/features/settings/SimpleConfigPages.tsx'),
    replaceSpaces: uiOnly('web/src/features/settings/SimpleConfigPages.tsx'),
    separator: uiOnly('web/src/features/settings/SimpleConfigPages.tsx'),
    numberStyle: uiOnly('web/src/features/settings/SimpleConfigPages.tsx'),
  },
});

export const METADATA_PROVIDER_CONFIG_INVENTORY: SettingsSurface = resourceSurface({
  id: 'config/metadataprovider',
  title: 'Metadata (tags and files)',
  route: '/api/v1/config/metadataprovider',
  resource: MetadataProviderConfigResource,
  defaults: METADATA_PROVIDER_CONFIG_DEFAULTS,
  entries: {
    writeAudioTags: acts(
      'src/files/import/imported-file-writers.listener.ts',
      [
        'test/e2e/files/import/import-writers.e2e-spec.ts',
        'writeAudioTags: no leaves an imported MP3 as it was; newFiles writes the catalogue tags into it',
      ],
      'allFiles and sync also write the tags of a file a rescan matches in place (test: “writeAudioTags: allFiles also writes the tags of a file a rescan matches in place; newFiles leaves it”); sync also after a refresh changed the book (test: “writeAudioTags: sync writes the new catalogue tags into a book’s files after a refresh changed the book”)',
    ),
    scrubAudioTags: acts('src/files/organizer/retag.service.ts', [
      'test/e2e/files/import/import-writers.e2e-spec.ts',
      'scrubAudioTags removes every earlier tag before the catalogue tags are written',
    ]),
    writeBookTags: unsupported(
      'Writing e-book tags needs a Calibre library root folder, which Quire does not support yet (Readarr writes e-book tags only through a Calibre content server)',
    ),
    updateCovers: unsupported(
      'Updating covers inside e-books needs a Calibre library root folder, which Quire does not support yet (Readarr writes e-book tags only through a Calibre content server)',
    ),
    embedMetadata: unsupported(
      'Embedding metadata into e-books needs a Calibre library root folder, which Quire does not support yet (Readarr writes e-book tags only through a Calibre content server)',
    ),
    requestsPerMinute: acts('src/metadata/source/http/metadata-http.client.ts', [
      'src/metadata/source/http/metadata-http.client.spec.ts',
      "spaces requests by the source identity's requestsPerMinute once the burst is spent",
    ]),
    userAgent: acts('src/metadata/source/http/metadata-http.client.ts', [
      'src/metadata/source/http/metadata-http.client.spec.ts',
      'sends the User-Agent and parses JSON',
    ]),
  },
});

export const DOWNLOAD_CLIENT_CONFIG_INVENTORY: SettingsSurface = resourceSurface({
  id: 'config/downloadclient',
  title: 'Download client handling',
  route: '/api/v1/config/downloadclient',
  resource: DownloadClientConfigResource,
  defaults: DOWNLOAD_CLIENT_CONFIG_DEFAULTS,
  entries: {
    downloadClientWorkingFolders: acts('src/files/import/import-decision.service.ts', [
      'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
      'downloadClientWorkingFolders: a book under a folder the client is still working in is not imported until the name no longer matches',
    ]),
    enableCompletedDownloadHandling: acts('src/files/import/completed-download.listener.ts', [
      'test/e2e/files/import/completed-download-handling.e2e-spec.ts',
      'with completed-download handling off, a finished download is not imported and leaves the queue until it is on',
    ]),
    autoRedownloadFailed: acts('src/acquisition/queue/failed-download.listener.ts', [
      'test/medium/acquisition/queue/queue.medium-spec.ts',
      'a failure declared from history marks the downloads of that id failed; re-search follows the settings',
    ]),
    autoRedownloadFailedFromInteractiveSearch: acts('src/acquisition/queue/failed-download.listener.ts', [
      'test/medium/acquisition/queue/queue.medium-spec.ts',
      'a failure declared from history marks the downloads of that id failed; re-search follows the settings',
    ]),
  },
});

export const INDEXER_CONFIG_INVENTORY: SettingsSurface = resourceSurface({
  id: 'config/indexer',
  title: 'Indexer options',
  route: '/api/v1/config/indexer',
  resource: IndexerConfigResource,
  defaults: INDEXER_CONFIG_DEFAULTS,
  entries: {
    minimumAge: acts('src/acquisition/decision/specifications/minimum-age.specification.ts', [
      'src/acquisition/decision/specifications/specifications.spec.ts',
      'MinimumAge: young usenet posts wait (temporary)',
    ]),
    maximumSize: acts('src/acquisition/decision/specifications/maximum-size.specification.ts', [
      'src/acquisition/decision/specifications/specifications.spec.ts',
      'MaximumSize: indexer config maximum size in MB',
    ]),
    retention: acts('src/acquisition/decision/specifications/retention.specification.ts', [
      'src/acquisition/decision/specifications/specifications.spec.ts',
      'Retention: usenet posts older than retention days',
    ]),
    rssSyncInterval: acts('src/platform/command/task-scheduler.service.ts', [
      'test/e2e/platform/command/command.e2e-spec.ts',
      'lists the scheduled tasks, sorted by name, with intervals from config',
    ]),
  },
});

export const DEVELOPMENT_CONFIG_INVENTORY: SettingsSurface = resourceSurface({
  id: 'config/development',
  title: 'Development',
  route: '/api/v1/config/development',
  resource: DevelopmentConfigResource,
  defaults: DEVELOPMENT_CONFIG_DEFAULTS,
  entries: {
    metadataSource: acts('src/metadata/source/metadata-source-settings.service.ts', [
      'test/e2e/metadata/source/metadata-book-info.e2e-spec.ts',
      'rejects an unknown metadataSourceType with a 400, and probes a URL sent without a type',
    ]),
    metadataSourceType: acts('src/metadata/source/active-metadata-source.ts', [
      'test/e2e/metadata/source/metadata-book-info.e2e-spec.ts',
      'rejects an unknown metadataSourceType with a 400, and probes a URL sent without a type',
    ]),
    metadataEnrichmentSource: acts('src/metadata/source/enrichment/metadata-enricher.ts', [
      'test/e2e/metadata/source/metadata-book-info.e2e-spec.ts',
      'enrichment: Open Library lacks series, the BookInfo server has them (found by ISBN), with provenance',
    ]),
    coverSource: acts('src/metadata/source/metadata-source-settings.service.ts', [
      'test/e2e/metadata/source/cover-source.e2e-spec.ts',
      'the stored coverSource is where lookups point covers and photos, and a change applies at once',
    ]),
    consoleLogLevel: unsupported(
      'Quire keeps the console level with the other start-up settings: set it in Settings → General ' +
        '(consoleLogLevel of /config/host) or with the LOG_LEVEL environment variable',
    ),
    logSql: unsupported('Quire does not log SQL statements; use PostgreSQL’s own statement logging'),
    logRotate: acts('src/platform/system/log/log-sink.service.ts', [
      'test/ui/settings.ui-spec.ts',
      'UI and Development pages save their settings',
    ]),
    filterSentryEvents: unsupported('Quire sends no error reports to Sentry or any other service'),
  },
});

export const CONFIG_SECTION_INVENTORIES: SettingsSurface[] = [
  UI_CONFIG_INVENTORY,
  MEDIA_MANAGEMENT_CONFIG_INVENTORY,
  NAMING_CONFIG_INVENTORY,
  METADATA_PROVIDER_CONFIG_INVENTORY,
  DOWNLOAD_CLIENT_CONFIG_INVENTORY,
  INDEXER_CONFIG_INVENTORY,
  DEVELOPMENT_CONFIG_INVENTORY,
];
