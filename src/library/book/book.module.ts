import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthorModule } from '../author/author.module';
import { BookFileModule } from '../book-file/book-file.module';
import { ImportListExclusionModule } from '../import-list-exclusion/import-list-exclusion.module';
import { LibraryCacheModule } from '../library-cache/library-cache.module';
import { AddBookService } from './add-book.service';
import { BookCatalogueRepository } from './book-catalogue.repository';
import { BookMonitoringRepository } from './book-monitoring.repository';
import { BookPageService } from './book-page.service';
import { BookRecordRepository } from './book-record.repository';
import { BookController } from './book.controller';
import { Book } from './book.entity';
import { BookRepository } from './book.repository';
import { BookCommandService } from './book-command.service';
import { BookQueryService } from './book-query.service';
import { BookshelfService } from './bookshelf.service';
import { BookshelfController, EditionController } from './edition.controller';
import { Edition } from './edition.entity';
import { UnmonitorDeletedBooksListener } from './unmonitor-deleted-books.listener';

/**
 * Books and editions: reading (BookQueryService), adding (AddBookService), editing and deleting
 * (BookCommandService), monitoring options, the paged list, bookshelf, editions.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Book, Edition]),
    AuthorModule,
    BookFileModule,
    ImportListExclusionModule,
    LibraryCacheModule,
  ],
  controllers: [BookController, EditionController, BookshelfController],
  providers: [
    BookRepository,
    BookRecordRepository,
    BookCatalogueRepository,
    BookQueryService,
    BookCommandService,
    BookPageService,
    AddBookService,
    BookMonitoringRepository,
    BookshelfService,
    UnmonitorDeletedBooksListener,
  ],
  exports: [
    BookRepository,
    BookRecordRepository,
    BookCatalogueRepository,
    BookQueryService,
    BookCommandService,
    AddBookService,
    BookMonitoringRepository,
  ],
})
export class BookModule {}
