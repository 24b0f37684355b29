import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BookFileModule } from '../book-file/book-file.module';
import { ImportListExclusionModule } from '../import-list-exclusion/import-list-exclusion.module';
import { LibraryCacheModule } from '../library-cache/library-cache.module';
import { ProfileModule } from '../profile/profile.module';
import { TagModule } from '../tag/tag.module';
import { AddAuthorService } from './add-author.service';
import { AuthorBookCountRepository } from './author-book-count.repository';
import { AuthorDiskService } from './author-disk.service';
import { AuthorEditorService } from './author-editor.service';
import { AuthorListWarmer } from './author-list-warmer';
import { AuthorController } from './author.controller';
import { Author } from './author.entity';
import { AuthorRepository } from './author.repository';
import { AuthorService } from './author.service';
import { RootFolderModule } from '../root-folder/root-folder.module';
import { AuthorMetadata } from './author-metadata.entity';
import { CatalogueIdentityCheckHook } from './catalogue-identity-check';
import { BulkMoveAuthorHandler, MoveAuthorHandler } from './move-author.handler';

/** Authors and their metadata: list/get/add/update/delete, the bulk editor, folder moves. */
@Module({
  imports: [
    TypeOrmModule.forFeature([Author, AuthorMetadata]),
    BookFileModule,
    ProfileModule,
    TagModule,
    ImportListExclusionModule,
    LibraryCacheModule,
    RootFolderModule,
  ],
  controllers: [AuthorController],
  providers: [
    AuthorRepository,
    AuthorBookCountRepository,
    AuthorService,
    AuthorListWarmer,
    AddAuthorService,
    CatalogueIdentityCheckHook,
    AuthorEditorService,
    AuthorDiskService,
    MoveAuthorHandler,
    BulkMoveAuthorHandler,
  ],
  exports: [
    AuthorRepository,
    AuthorBookCountRepository,
    AuthorService,
    AddAuthorService,
    AuthorDiskService,
    CatalogueIdentityCheckHook,
  ],
})
export class AuthorModule {}
