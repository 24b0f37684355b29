import { Module } from '@nestjs/common';
import { BookFileModule } from '../../library/book-file/book-file.module';
import { ImportModule } from '../import/import.module';
import { RecycleBinModule } from '../../library/recycle-bin/recycle-bin.module';
import { RootFolderModule } from '../../library/root-folder/root-folder.module';
import { DiskScanRepository } from './disk-scan.repository';
import { DiskScanService } from './disk-scan.service';
import { NewAuthorDetector } from './new-author-detector';
import { AuthorModule } from '../../library/author/author.module';
import { MediaFileModule } from '../../library/media-file/media-file.module';
import { RescanFoldersHandler } from './rescan-folders.handler';

/** RescanFolders: the library's files on disk ↔ the book_file table. */
@Module({
  imports: [BookFileModule, ImportModule, RootFolderModule, RecycleBinModule, AuthorModule, MediaFileModule],
  providers: [DiskScanRepository, DiskScanService, RescanFoldersHandler, NewAuthorDetector],
  exports: [DiskScanService],
})
export class DiskScanModule {}
