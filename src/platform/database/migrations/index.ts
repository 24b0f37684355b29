import { Foundation1763880000000 } from './1763880000000-foundation';
import { NotificationHub1763880100000 } from './1763880100000-notification-hub';
import { Commands1763880200000 } from './1763880200000-commands';
import { LibraryProfiles1763880300000 } from './1763880300000-library-profiles';
import { LibraryCatalogue1763880400000 } from './1763880400000-library-catalogue';
import { System1763880500000 } from './1763880500000-system';
import { Providers1763880600000 } from './1763880600000-providers';
import { SearchAndQueue1763880800000 } from './1763880800000-search-and-queue';
import { PerformanceIndexes1763881000000 } from './1763881000000-performance-indexes';
import { BookFileCounters1763881050000 } from './1763881050000-book-file-counters';
import { HubConnectionDeliveries1763881100000 } from './1763881100000-hub-connection-deliveries';
import { AuthorBookCounts1763881200000 } from './1763881200000-author-book-counts';
import { LibraryVersion1763881300000 } from './1763881300000-library-version';
import { MigrationReport1763882300000 } from './1763882300000-migration-report';
import { BookFileCountersPerStatement1763882500000 } from './1763882500000-book-file-counters-per-statement';
import { MetadataRematchReport1763882700000 } from './1763882700000-metadata-rematch-report';
import { BookMetadataProvenance1763882800000 } from './1763882800000-book-metadata-provenance';
import { SeriesMonitoringAndFractionalPositions1763882900000 } from './1763882900000-series-monitoring-and-fractional-positions';
import { LibraryChangeBookIds1763883000000 } from './1763883000000-library-change-book-ids';
import { MetadataFiles1763883470000 } from './1763883470000-metadata-files';

/** Every migration, in order. New migrations are appended here (never edited after they land). */
export const migrations = [
  Foundation1763880000000,
  NotificationHub1763880100000,
  Commands1763880200000,
  LibraryProfiles1763880300000,
  LibraryCatalogue1763880400000,
  System1763880500000,
  Providers1763880600000,
  SearchAndQueue1763880800000,
  PerformanceIndexes1763881000000,
  BookFileCounters1763881050000,
  HubConnectionDeliveries1763881100000,
  AuthorBookCounts1763881200000,
  LibraryVersion1763881300000,
  MigrationReport1763882300000,
  BookFileCountersPerStatement1763882500000,
  MetadataRematchReport1763882700000,
  BookMetadataProvenance1763882800000,
  SeriesMonitoringAndFractionalPositions1763882900000,
  LibraryChangeBookIds1763883000000,
  MetadataFiles1763883470000,
];
