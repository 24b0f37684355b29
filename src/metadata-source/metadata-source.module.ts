import { Module } from '@nestjs/common';
import { AuthorModule } from '../author/author.module';
import { MetadataHttpClient, metadataHttpMetricProviders } from './http/metadata-http.client';
import { LibraryIndexRepository } from './lookup/library-index.repository';
import { AuthorLookupController, BookLookupController, SearchController } from './lookup/lookup.controller';
import { LookupService } from './lookup/lookup.service';
import { METADATA_SOURCE } from './metadata-source';
import { MetadataSourceSettingsService } from './metadata-source-settings.service';
import { OpenLibrarySource } from './open-library/open-library.source';

/**
 * The metadata source (Open Library behind the MetadataSource interface), the lookup/search endpoints,
 * and the refresh commands that bring authors, books and editions into the library.
 * Must be listed before AuthorModule/BookModule in FEATURE_MODULES: Express matches routes in registration
 * order, and `GET /author/lookup` would otherwise reach `GET /author/:id`.
 */
@Module({
  imports: [AuthorModule],
  controllers: [AuthorLookupController, BookLookupController, SearchController],
  providers: [
    ...metadataHttpMetricProviders,
    MetadataHttpClient,
    MetadataSourceSettingsService,
    OpenLibrarySource,
    { provide: METADATA_SOURCE, useExisting: OpenLibrarySource },
    LibraryIndexRepository,
    LookupService,
  ],
  exports: [METADATA_SOURCE, MetadataHttpClient, MetadataSourceSettingsService],
})
export class MetadataSourceModule {}
