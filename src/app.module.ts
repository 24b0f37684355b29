import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AuthModule } from './platform/auth/auth.module';
import { AuthorModule } from './library/author/author.module';
import { BookModule } from './library/book/book.module';
import { BookFileModule } from './library/book-file/book-file.module';
import { CalendarModule } from './library/calendar/calendar.module';
import { CommandModule } from './platform/command/command.module';
import { CustomFilterModule } from './delivery/custom-filter/custom-filter.module';
import { DomainEventsModule } from './platform/common/events/domain-events';
import { loggerParams } from './platform/common/http/logging';
import { MediaCoverModule } from './metadata/source/media-cover/media-cover.module';
import { MetadataSourceModule } from './metadata/source/metadata-source.module';
import { DiskSpaceModule } from './library/disk-space/disk-space.module';
import { DatabaseModule } from './platform/database/database.module';
import { EnvModule } from './platform/env/env.module';
import { EnvService } from './platform/env/env.service';
import { LanguageModule } from './platform/language/language.module';
import { ImportListExclusionModule } from './library/import-list-exclusion/import-list-exclusion.module';
import { MetricsModule } from './platform/metrics/metrics.module';
import { NotificationModule } from './notifications/hub/notification.module';
import { NotificationConnectionModule } from './notifications/connections/notification.module';
import { NotifierModule } from './notifications/library-events/notifier.module';
import { ProfileModule } from './library/profile/profile.module';
import { PushModule } from './delivery/push/push.module';
import { IntegrationsModule } from './integrations/integrations.module';
import { RootFolderModule } from './library/root-folder/root-folder.module';
import { SeriesModule } from './library/series/series.module';
import { SettingsModule } from './platform/settings/settings.module';
import { SystemModule } from './platform/system/system.module';
import { TagModule } from './library/tag/tag.module';
import { WantedModule } from './library/wanted/wanted.module';
import { BlocklistModule } from './acquisition/blocklist/blocklist.module';
import { HistoryModule } from './acquisition/history/history.module';
import { ParserModule } from './acquisition/parser/parser.module';
import { QueueModule } from './acquisition/queue/queue.module';
import { ReleaseProfileModule } from './acquisition/release-profile/release-profile.module';
import { SearchModule } from './acquisition/search/search.module';
import { DiskScanModule } from './files/disk-scan/disk-scan.module';
import { LibraryWatchModule } from './files/library-watch/library-watch.module';
import { FilesystemModule } from './files/filesystem/filesystem.module';
import { ImportModule } from './files/import/import.module';
import { MediaFileModule } from './library/media-file/media-file.module';
import { OrganizerModule } from './files/organizer/organizer.module';
import { OpdsModule } from './delivery/opds/opds.module';
import { WebUiModule } from './delivery/web-ui/web-ui.module';
import { MigrationModule } from './migration/readarr-import/migration.module';
import { SettingsInventoryModule } from './platform/settings/inventory/settings-inventory.module';
import { allSettingsSurfaces } from './settings-inventory';
import { OutgoingHttpModule } from './platform/outgoing-http/outgoing-http.module';

/**
 * Feature modules by context (docs/architecture.md has the map); each owns its routes, entities and commands.
 * Express matches routes in registration order, which follows this list: the metadata context comes first (its
 * `author/lookup` and `book/lookup` must precede `author/:id` and `book/:id`), the web UI last (it answers what no
 * route above does).
 */
const FEATURE_MODULES = [
  // metadata: the metadata source, lookups and refreshes, covers.
  MetadataSourceModule,
  MediaCoverModule,
  // platform: what every context stands on (settings and auth are imported below, before the features).
  SystemModule,
  CommandModule,
  LanguageModule,
  // library: authors, books, files, profiles and everything that describes the collection.
  TagModule,
  ProfileModule,
  RootFolderModule,
  DiskSpaceModule,
  ImportListExclusionModule,
  AuthorModule,
  BookModule,
  BookFileModule,
  MediaFileModule,
  SeriesModule,
  CalendarModule,
  WantedModule,
  // integrations: indexers, download clients, import lists, metadata writers.
  IntegrationsModule,
  // acquisition: search, decide, grab, track.
  ParserModule,
  ReleaseProfileModule,
  BlocklistModule,
  HistoryModule,
  QueueModule,
  SearchModule,
  // files: import, rescan, manual import, rename and retag, the file browser.
  OrganizerModule,
  ImportModule,
  DiskScanModule,
  LibraryWatchModule,
  FilesystemModule,
  // notifications: the hub, the connections, the library's events as messages.
  NotificationModule,
  NotificationConnectionModule,
  NotifierModule,
  // delivery: live push, OPDS, saved UI filters, then the single-page app.
  PushModule,
  OpdsModule,
  CustomFilterModule,
  // migration: coming from Readarr.
  MigrationModule,
  // what every setting does, gathered from the features above.
  SettingsInventoryModule.forRoot(allSettingsSurfaces),
  WebUiModule,
];

@Module({})
export class AppModule {
  static forRoot(env: EnvService): DynamicModule {
    return {
      module: AppModule,
      imports: [
        EnvModule.forRoot(env),
        LoggerModule.forRoot(loggerParams(env)),
        DatabaseModule,
        DomainEventsModule.forRoot(),
        MetricsModule,
        SettingsModule,
        AuthModule,
        OutgoingHttpModule,
        ...FEATURE_MODULES,
      ],
    };
  }
}
