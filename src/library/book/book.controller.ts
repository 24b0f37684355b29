import { Body, Controller, Delete, Get, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { sendJsonChunks } from '../../platform/common/http/send-json-chunks';
import { IdParam, OptionalIdParam, PutWithOptionalId, resolvePutId } from '../../platform/common/http/route-decorators';
import { AddBookService } from './add-book.service';
import { BookPagedQuery, BookPagingResource } from './book-page.resource';
import { BookPageService } from './book-page.service';
import {
  BookDeleteQuery,
  BookEditorResource,
  BookListQuery,
  BookOverviewResource,
  BookResource,
  BooksMonitoredResource,
} from './book.resource';
import { BookCommandService } from './book-command.service';
import { BookQueryService } from './book-query.service';

@ApiTags('Book')
@Controller('api/v1/book')
export class BookController {
  constructor(
    private readonly books: BookQueryService,
    private readonly commands: BookCommandService,
    private readonly addBook: AddBookService,
    private readonly pages: BookPageService,
  ) {}

  /** The whole library is streamed batch by batch (memory bounded by one batch), or sent from the cache. */
  @Get()
  @ApiOkResponse({ type: [BookResource] })
  async list(@Query() query: BookListQuery, @Req() request: Request, @Res() response: Response): Promise<void> {
    const answer = await this.books.listAnswer(query, request.acceptsEncodings('gzip') === 'gzip');
    if (answer.contentEncoding) {
      // Already compressed: the compression middleware leaves an answer with a Content-Encoding alone.
      response.setHeader('Content-Encoding', answer.contentEncoding);
      response.setHeader('Vary', 'Accept-Encoding');
    }
    await sendJsonChunks(response, answer.chunks);
  }

  /** Quire extension: one page of books, sorted and filtered in SQL (Readarr's `GET /book` is unchanged). */
  @Get('paged')
  @ApiOkResponse({ type: BookPagingResource })
  paged(@Query() query: BookPagedQuery) {
    return this.pages.page(query);
  }

  @Post()
  async create(@Body() body: BookResource): Promise<BookResource> {
    const book = await this.addBook.add(body);
    return this.books.resource(book.id);
  }

  @Put('monitor')
  async monitor(@Body() body: BooksMonitoredResource): Promise<BookResource[]> {
    await this.commands.setMonitored(body.bookIds, body.monitored);
    return this.books.byIds(body.bookIds);
  }

  @Put('editor')
  async updateMany(@Body() body: BookEditorResource): Promise<BookResource[]> {
    if (body.monitored !== undefined && body.monitored !== null)
      await this.commands.setMonitored(body.bookIds, body.monitored);
    return this.books.byIds(body.bookIds);
  }

  @Delete('editor')
  async deleteMany(@Body() body: BookEditorResource): Promise<object> {
    await this.commands.deleteMany(body.bookIds, body);
    return {};
  }

  @Get(':id/overview')
  overview(@IdParam() id: number): Promise<BookOverviewResource> {
    return this.books.overview(id);
  }

  @Get(':id')
  get(@IdParam() id: number): Promise<BookResource> {
    return this.books.resource(id);
  }

  @PutWithOptionalId()
  async update(@OptionalIdParam() id: number | undefined, @Body() body: BookResource): Promise<BookResource> {
    const bookId = resolvePutId(id, body);
    await this.commands.update(bookId, body);
    return this.books.resource(bookId);
  }

  @Delete(':id')
  async delete(@IdParam() id: number, @Query() query: BookDeleteQuery): Promise<void> {
    await this.commands.delete(id, query);
  }
}
