import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { EnvService } from '../../platform/env/env.service';
import { toEditionResource } from './book.mapper';
import { BookQueryService } from './book-query.service';
import { BookshelfResource } from './bookshelf.resource';
import { BookshelfService } from './bookshelf.service';
import { EditionListQuery, EditionResource } from './edition.resource';

@ApiTags('Edition')
@Controller('api/v1/edition')
export class EditionController {
  constructor(
    private readonly books: BookQueryService,
    private readonly env: EnvService,
  ) {}

  @Get()
  async list(@Query() query: EditionListQuery): Promise<EditionResource[]> {
    const editions = await this.books.editionsOf(query.bookId ?? []);
    const urlBase = this.env.get('URL_BASE');
    return editions.map((edition) => toEditionResource(edition, urlBase));
  }
}

@ApiTags('Bookshelf')
@Controller('api/v1/bookshelf')
export class BookshelfController {
  constructor(private readonly bookshelf: BookshelfService) {}

  @Post()
  async apply(@Body() body: BookshelfResource): Promise<BookshelfResource> {
    await this.bookshelf.apply(body);
    return body;
  }
}
