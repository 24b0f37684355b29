import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { BookResource } from '../book/book.resource';
import { BookQueryService } from '../book/book-query.service';
import { IdParam } from '../common/http/route-decorators';
import { CalendarFeedQuery, CalendarQuery } from './calendar.resource';
import { CalendarService } from './calendar.service';

@ApiTags('Calendar')
@Controller('api/v1/calendar')
export class CalendarController {
  constructor(
    private readonly calendar: CalendarService,
    private readonly books: BookQueryService,
  ) {}

  @Get()
  list(@Query() query: CalendarQuery): Promise<BookResource[]> {
    return this.calendar.list(query);
  }

  @Get(':id')
  get(@IdParam() id: number): Promise<BookResource> {
    return this.books.resource(id, false);
  }
}

/** The iCal feed (behind the API key — calendar apps pass `?apikey=` — or a browser's session cookie). */
@ApiTags('CalendarFeed')
@Controller('feed/v1/calendar')
export class CalendarFeedController {
  constructor(private readonly calendar: CalendarService) {}

  @Get(['quire.ics', 'readarr.ics'])
  @Header('Content-Type', 'text/calendar; charset=utf-8')
  @ApiProduces('text/calendar')
  feed(@Query() query: CalendarFeedQuery): Promise<string> {
    return this.calendar.feed(query);
  }
}
