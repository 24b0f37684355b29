import { Module } from '@nestjs/common';
import { LibraryResponseCache, responseCacheMetricProviders } from './library-response-cache';
import { LibraryVersionHousekeeping } from './library-version-housekeeping';
import { LibraryVersionRepository } from './library-version.repository';

/** Whole-library answers kept until the library changes (see LibraryResponseCache). */
@Module({
  providers: [
    LibraryVersionRepository,
    LibraryVersionHousekeeping,
    LibraryResponseCache,
    ...responseCacheMetricProviders,
  ],
  exports: [LibraryResponseCache],
})
export class LibraryCacheModule {}
