import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MediaFileModule } from '../media-file/media-file.module';
import { ProfileModule } from '../profile/profile.module';
import { RecycleBinModule } from '../recycle-bin/recycle-bin.module';
import { BookFileController } from './book-file.controller';
import { BookFile } from './book-file.entity';
import { BookFileRepository } from './book-file.repository';
import { BookFileService } from './book-file.service';
import { BookFileTagsService } from './book-file-tags.service';

/** Book files: list/get/quality edit/delete (on disk too); `BookFileService.create` for importers. */
@Module({
  imports: [TypeOrmModule.forFeature([BookFile]), ProfileModule, MediaFileModule, RecycleBinModule],
  controllers: [BookFileController],
  providers: [BookFileRepository, BookFileService, BookFileTagsService],
  exports: [BookFileRepository, BookFileService],
})
export class BookFileModule {}
