import { Module } from '@nestjs/common';
import { BookModule } from '../book/book.module';
import { CalendarController, CalendarFeedController } from './calendar.controller';
import { CalendarRepository } from './calendar.repository';
import { CalendarService } from './calendar.service';

@Module({
  imports: [BookModule],
  controllers: [CalendarController, CalendarFeedController],
  providers: [CalendarService, CalendarRepository],
})
export class CalendarModule {}
