import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthorModule } from '../../library/author/author.module';
import { BookModule } from '../../library/book/book.module';
import { ProfileModule } from '../../library/profile/profile.module';
import { HistoryController } from './history.controller';
import { HistoryEntry } from './history.entity';
import { HistoryRepository } from './history.repository';
import { HistoryService } from './history.service';

/** Table `history` and `/api/v1/history*`; records grab and failure events. */
@Module({
  imports: [TypeOrmModule.forFeature([HistoryEntry]), AuthorModule, BookModule, ProfileModule],
  controllers: [HistoryController],
  providers: [HistoryRepository, HistoryService],
  exports: [HistoryRepository, HistoryService],
})
export class HistoryModule {}
