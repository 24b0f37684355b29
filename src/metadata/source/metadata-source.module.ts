import { Module } from '@nestjs/common';
import { AuthorModule } from '../../library/author/author.module';
import { BookModule } from '../../library/book/book.module';
import { MediaCoverModule } from './media-cover/media-cover.module';
import { ProfileModule } from '../../library/profile/profile.module';
import { SeriesModule } from '../../library/series/series.module';
import { MetadataHttpModule } from './http/metadata-http.module';
import { LibraryIndexRepository } from './lookup/library-index.repository';
import { AuthorLookupController, BookLookupController, SearchController } from './lookup/lookup.controller';
import { LookupService } from './lookup/lookup.service';
import { METADATA_SOURCE } from './metadata-source';
import { MetadataIdentityCheck } from './metadata-identity.check';
import { MetadataAuthorIdentification } from './metadata-author-identification';
import { MetadataSourceCheck } from './metadata-source.check';
import { OpenLibrarySource } from './open-library/open-library.source';
import { BookInfoSource } from './book-info/book-info.source';
import { ActiveMetadataSource } from './active-metadata-source';
import { MetadataSourceProbeListener } from './metadata-source-probe.listener';
import { MetadataEnricher } from './enrichment/metadata-enricher';
import { AuthorCatalogueFetcher } from './refresh/author-catalogue-fetcher';
import { AuthorRefreshAnnouncer } from './refresh/author-refresh-announcer';
import { BookWorkFetcher } from './refresh/book-work-fetcher';
import { CatalogueBooksWriter } from './refresh/catalogue-books-writer';
import { CatalogueWriter } from './refresh/catalogue-writer';
import { ChangedAuthorSelector } from './refresh/changed-authors';
import { LibraryEventsListener } from './refresh/library-events.listener';
import { NotReadyRetries } from './refresh/not-ready-retries';
import { RefreshAuthorService } from './refresh/refresh-author.service';
import { RefreshBookService } from './refresh/refresh-book.service';
import { RefreshCovers } from './refresh/refresh-covers';
import { RescanAfterRefreshService } from './refresh/rescan-after-refresh';
import { SeriesDetailsFetcher } from './refresh/series-details';
import {
  BulkRefreshAuthorHandler,
  BulkRefreshBookHandler,
  RefreshAuthorHandler,
  RefreshBookHandler,
} from './refresh/refresh.handlers';

/**
 * The metadata source (Open Library or a BookInfo server behind the MetadataSource interface, chosen per call), the lookup/search endpoints,
 * and the refresh commands that bring authors, books and editions into the library.
 * Listed first in FEATURE_MODULES: Express matches routes in registration order, and `GET /author/lookup`
 * would otherwise reach `GET /author/:id`.
 */
@Module({
  imports: [MetadataHttpModule, AuthorModule, BookModule, ProfileModule, MediaCoverModule, SeriesModule],
  controllers: [AuthorLookupController, BookLookupController, SearchController],
  providers: [
    OpenLibrarySource,
    BookInfoSource,
    ActiveMetadataSource,
    { provide: METADATA_SOURCE, useExisting: ActiveMetadataSource },
    MetadataSourceProbeListener,
    MetadataEnricher,
    LibraryIndexRepository,
    LookupService,
    CatalogueBooksWriter,
    CatalogueWriter,
    AuthorCatalogueFetcher,
    RefreshCovers,
    AuthorRefreshAnnouncer,
    RefreshAuthorService,
    ChangedAuthorSelector,
    BookWorkFetcher,
    RefreshBookService,
    SeriesDetailsFetcher,
    RefreshAuthorHandler,
    BulkRefreshAuthorHandler,
    RescanAfterRefreshService,
    RefreshBookHandler,
    BulkRefreshBookHandler,
    LibraryEventsListener,
    NotReadyRetries,
    MetadataSourceCheck,
    MetadataIdentityCheck,
    MetadataAuthorIdentification,
  ],
  exports: [METADATA_SOURCE, ActiveMetadataSource, RefreshAuthorService, RefreshBookService],
})
export class MetadataSourceModule {}
