import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { BookResource } from '../book/book.resource';
import { sendJsonChunks } from '../../platform/common/http/send-json-chunks';
import { BookQueryService } from '../book/book-query.service';
import { IdParam } from '../../platform/common/http/route-decorators';
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
  @ApiOkResponse({ type: [BookResource] })
  async list(@Query() query: CalendarQuery, @Res() response: Response): Promise<void> {
    await sendJsonChunks(response, [await this.calendar.listJson(query)].values());
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
