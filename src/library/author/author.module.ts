import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BookFileModule } from '../book-file/book-file.module';
import { ImportListExclusionModule } from '../import-list-exclusion/import-list-exclusion.module';
import { LibraryCacheModule } from '../library-cache/library-cache.module';
import { ProfileModule } from '../profile/profile.module';
import { TagModule } from '../tag/tag.module';
import { AddAuthorService } from './add-author.service';
import { AuthorBookCountHousekeeping } from './author-book-count-housekeeping';
import { AuthorBookCountRepository } from './author-book-count.repository';
import { AuthorCatalogueRepository } from './author-catalogue.repository';
import { AuthorDiskService } from './author-disk.service';
import { AuthorEditorService } from './author-editor.service';
import { EmptyAuthorFolderListener } from './empty-author-folder.listener';
import { AuthorListWarmer } from './author-list-warmer';
import { AuthorController } from './author.controller';
import { Author } from './author.entity';
import { AuthorRepository } from './author.repository';
import { AuthorCommandService } from './author-command.service';
import { AuthorQueryService } from './author-query.service';
import { AuthorValidator } from './author-validator.service';
import { MoveAuthorService } from './move-author.service';
import { RecycleBinModule } from '../recycle-bin/recycle-bin.module';
import { RootFolderModule } from '../root-folder/root-folder.module';
import { AuthorMetadata } from './author-metadata.entity';
import { CatalogueIdentityCheckHook } from './catalogue-identity-check';
import { AuthorIdentificationHook } from './author-identification';
import { BulkMoveAuthorHandler, MoveAuthorHandler } from './move-author.handler';

/**
 * Authors and their metadata, split by use case: reading (AuthorQueryService), adding (AddAuthorService),
 * validating (AuthorValidator), editing and deleting (AuthorCommandService), the bulk editor, folder moves
 * (MoveAuthorService and the MoveAuthor commands).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Author, AuthorMetadata]),
    BookFileModule,
    ProfileModule,
    TagModule,
    ImportListExclusionModule,
    LibraryCacheModule,
    RootFolderModule,
    RecycleBinModule,
  ],
  controllers: [AuthorController],
  providers: [
    EmptyAuthorFolderListener,
    AuthorRepository,
    AuthorBookCountRepository,
    AuthorBookCountHousekeeping,
    AuthorCatalogueRepository,
    AuthorQueryService,
    AuthorListWarmer,
    AuthorValidator,
    MoveAuthorService,
    AuthorCommandService,
    AddAuthorService,
    CatalogueIdentityCheckHook,
    AuthorIdentificationHook,
    AuthorEditorService,
    AuthorDiskService,
    MoveAuthorHandler,
    BulkMoveAuthorHandler,
  ],
  exports: [
    AuthorRepository,
    AuthorBookCountRepository,
    AuthorCatalogueRepository,
    AuthorQueryService,
    AddAuthorService,
    AuthorEditorService,
    AuthorDiskService,
    CatalogueIdentityCheckHook,
    AuthorIdentificationHook,
  ],
})
export class AuthorModule {}
