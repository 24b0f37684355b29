import { Module } from '@nestjs/common';
import { AuthorModule } from '../../library/author/author.module';
import { BookModule } from '../../library/book/book.module';
import { ImportListExclusionModule } from '../../library/import-list-exclusion/import-list-exclusion.module';
import { ProviderRegistry } from '../core/provider';
import { ProviderCoreModule } from '../core/provider-core.module';
import { ImportListExistingMonitor } from './import-list-existing-monitor';
import { ImportListSyncHandler } from './import-list-sync.handler';
import { ImportListController } from './import-list.controller';
import { IMPORT_LIST_REGISTRY, ImportListService } from './import-list.service';
import { OpenLibraryReadingList } from './open-library-reading-list.list';
import { ReadarrImportList } from './readarr-import.list';

@Module({
  imports: [ProviderCoreModule, AuthorModule, BookModule, ImportListExclusionModule],
  controllers: [ImportListController],
  providers: [
    ReadarrImportList,
    OpenLibraryReadingList,
    {
      provide: IMPORT_LIST_REGISTRY,
      inject: [ReadarrImportList, OpenLibraryReadingList],
      useFactory: (readarr: ReadarrImportList, openLibrary: OpenLibraryReadingList) =>
        new ProviderRegistry([readarr, openLibrary]),
    },
    ImportListService,
    ImportListExistingMonitor,
    ImportListSyncHandler,
  ],
  exports: [ImportListService],
})
export class ImportListModule {}
