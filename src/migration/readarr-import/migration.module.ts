import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BlocklistModule } from '../../acquisition/blocklist/blocklist.module';
import { HistoryModule } from '../../acquisition/history/history.module';
import { AuthorModule } from '../../library/author/author.module';
import { BookModule } from '../../library/book/book.module';
import { BookFileModule } from '../../library/book-file/book-file.module';
import { ImportListExclusionModule } from '../../library/import-list-exclusion/import-list-exclusion.module';
import { MetadataSourceModule } from '../../metadata/source/metadata-source.module';
import { ProfileModule } from '../../library/profile/profile.module';
import { ProviderCoreModule } from '../../integrations/core/provider-core.module';
import { NotificationConnectionModule } from '../../notifications/connections/notification.module';
import { IntegrationsModule } from '../../integrations/integrations.module';
import { ReleaseProfileModule } from '../../acquisition/release-profile/release-profile.module';
import { RootFolderModule } from '../../library/root-folder/root-folder.module';
import { TagModule } from '../../library/tag/tag.module';
import { IdentityResolver } from './identity/identity-resolver';
import { MigrateFromReadarrHandler } from './migrate-from-readarr.handler';
import { MigrationController } from './migration.controller';
import { MigrationService } from './migration.service';
import { ReadarrMigrator } from './readarr-migrator.service';
import { MigrationReportEntity } from './report/migration-report.entity';
import { MigrationReportRepository } from './report/migration-report.repository';
import { AuthorsStep } from './steps/authors.step';
import { BookFilesStep } from './steps/book-files.step';
import { BooksStep } from './steps/books.step';
import { ConfigurationStep } from './steps/configuration.step';
import { EditionsStep } from './steps/editions.step';
import { FoldersAndDelaysStep } from './steps/folders-and-delays.step';
import { LibraryStep } from './steps/library.step';
import { ProfilesStep } from './steps/profiles.step';
import { ProvidersStep } from './steps/providers.step';
import { RecordsStep } from './steps/records.step';
import { SettingsStep } from './steps/settings.step';
import { LibraryRematchService } from './rematch/library-rematch.service';
import { MetadataSourceChangedListener, RematchLibraryHandler } from './rematch/rematch-library.handler';
import { RematchController } from './rematch/rematch.controller';
import { RematchReportEntity } from './rematch/rematch-report.entity';
import { RematchRepository } from './rematch/rematch.repository';

/**
 * Bringing a Readarr (or Bookshelf) library into Quire: `POST /api/v1/migration/readarr`, the
 * MigrateFromReadarr command and its reports, and the `npm run migrate` CLI (which uses ReadarrMigrator); and
 * re-matching the library when the metadata source changes (RematchLibrary, with the same matching engine).
 * Depends on the features it writes into; none of them depends on it.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([MigrationReportEntity, RematchReportEntity]),
    MetadataSourceModule,
    AuthorModule,
    BookModule,
    BookFileModule,
    HistoryModule,
    BlocklistModule,
    ProfileModule,
    TagModule,
    RootFolderModule,
    ReleaseProfileModule,
    ImportListExclusionModule,
    IntegrationsModule,
    NotificationConnectionModule,
    ProviderCoreModule,
  ],
  controllers: [RematchController, MigrationController],
  providers: [
    MigrationService,
    MigrationReportRepository,
    IdentityResolver,
    ReadarrMigrator,
    MigrateFromReadarrHandler,
    ConfigurationStep,
    ProfilesStep,
    FoldersAndDelaysStep,
    ProvidersStep,
    SettingsStep,
    LibraryStep,
    AuthorsStep,
    BooksStep,
    EditionsStep,
    BookFilesStep,
    RecordsStep,
    LibraryRematchService,
    RematchRepository,
    RematchLibraryHandler,
    MetadataSourceChangedListener,
  ],
  exports: [ReadarrMigrator, MigrationReportRepository],
})
export class MigrationModule {}
