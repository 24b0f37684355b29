import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProfileModule } from '../profile/profile.module';
import { BookFileController } from './book-file.controller';
import { BookFile } from './book-file.entity';
import { BookFileService } from './book-file.service';

/** Book files: list/get/quality edit/delete (on disk too); `BookFileService.create` for importers. */
@Module({
  imports: [TypeOrmModule.forFeature([BookFile]), ProfileModule],
  controllers: [BookFileController],
  providers: [BookFileService],
  exports: [BookFileService],
})
export class BookFileModule {}
