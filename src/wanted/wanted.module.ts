import { Module } from '@nestjs/common';
import { BookModule } from '../book/book.module';
import { BookFileModule } from '../book-file/book-file.module';
import { MissingBookCountRepository } from './missing-book-count.repository';
import { CutoffController, MissingController } from './wanted.controller';
import { WantedService } from './wanted.service';

@Module({
  imports: [BookModule, BookFileModule],
  controllers: [MissingController, CutoffController],
  providers: [WantedService, MissingBookCountRepository],
})
export class WantedModule {}
