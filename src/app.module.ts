import { DynamicModule, Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { LoggerModule } from 'nestjs-pino';
import { AuthModule } from './auth/auth.module';
import { AuthorModule } from './author/author.module';
import { BookModule } from './book/book.module';
import { BookFileModule } from './book-file/book-file.module';
import { CalendarModule } from './calendar/calendar.module';
import { CommandModule } from './command/command.module';
import { CustomFilterModule } from './custom-filter/custom-filter.module';
import { loggerParams } from './common/http/logging';
import { MediaCoverModule } from './metadata-source/media-cover/media-cover.module';
import { MetadataSourceModule } from './metadata-source/metadata-source.module';
import { DatabaseModule } from './database/database.module';
import { EnvModule } from './env/env.module';
import { EnvService } from './env/env.service';
import { LanguageModule } from './language/language.module';
import { ImportListExclusionModule } from './import-list-exclusion/import-list-exclusion.module';
import { MetricsModule } from './metrics/metrics.module';
import { NotificationModule } from './notification/notification.module';
import { NotifierModule } from './notifier/notifier.module';
import { ProfileModule } from './profile/profile.module';
import { PushModule } from './push/push.module';
import { ProviderModule } from './provider/provider.module';
import { RootFolderModule } from './root-folder/root-folder.module';
import { SeriesModule } from './series/series.module';
import { SettingsModule } from './settings/settings.module';
import { SystemModule } from './system/system.module';
import { TagModule } from './tag/tag.module';
import { WantedModule } from './wanted/wanted.module';
import { BlocklistModule } from './blocklist/blocklist.module';
import { HistoryModule } from './history/history.module';
import { ParserModule } from './parser/parser.module';
import { QueueModule } from './queue/queue.module';
import { ReleaseProfileModule } from './release-profile/release-profile.module';
import { SearchModule } from './search/search.module';
import { DiskScanModule } from './disk-scan/disk-scan.module';
import { FilesystemModule } from './filesystem/filesystem.module';
import { ImportModule } from './import/import.module';
import { MediaFileModule } from './media-file/media-file.module';
import { OrganizerModule } from './organizer/organizer.module';
import { OpdsModule } from './opds/opds.module';
import { WebUiModule } from './web-ui/web-ui.module';
import { MigrationModule } from './migration/migration.module';

/** Feature modules, in no particular order; each owns its routes, entities and commands. */
const FEATURE_MODULES = [
  // First: its `author/lookup` and `book/lookup` routes must be registered before `author/:id` and `book/:id`.
  MetadataSourceModule,
  MediaCoverModule,
  SystemModule,
  CommandModule,
  TagModule,
  ProfileModule,
  RootFolderModule,
  ImportListExclusionModule,
  CustomFilterModule,
  ProviderModule,
  AuthorModule,
  BookModule,
  BookFileModule,
  SeriesModule,
  CalendarModule,
  WantedModule,
  NotificationModule,
  LanguageModule,
  // Search, decide, grab, track (issue 7).
  ParserModule,
  ReleaseProfileModule,
  BlocklistModule,
  HistoryModule,
  QueueModule,
  SearchModule,
  // Files: import, rescan, manual import, rename/retag, filesystem (issue 8).
  MediaFileModule,
  OrganizerModule,
  ImportModule,
  DiskScanModule,
  FilesystemModule,
  // Live push (SignalR hub) and notifications, fed by the domain events of the features above.
  PushModule,
  NotifierModule,
  // The OPDS catalog for e-reader apps (issue 25).
  OpdsModule,
  // Coming from Readarr (issue 23).
  MigrationModule,
  // The single-page app takes what no route above answers (issue 20).
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
        EventEmitterModule.forRoot(),
        MetricsModule,
        SettingsModule,
        AuthModule,
        ...FEATURE_MODULES,
      ],
    };
  }
}
