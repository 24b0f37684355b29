import { Module } from '@nestjs/common';
import { AuthorModule } from '../author/author.module';
import { BookModule } from '../book/book.module';
import { BookFileModule } from '../book-file/book-file.module';
import { CutoffController, MissingController } from './wanted.controller';
import { WantedService } from './wanted.service';

@Module({
  imports: [AuthorModule, BookModule, BookFileModule],
  controllers: [MissingController, CutoffController],
  providers: [WantedService],
})
export class WantedModule {}
