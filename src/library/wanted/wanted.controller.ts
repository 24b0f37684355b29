import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { BookResource } from '../book/book.resource';
import { BookQueryService } from '../book/book-query.service';
import { IdParam } from '../../platform/common/http/route-decorators';
import { BookResourcePagingResource, WantedQuery } from './wanted.resource';
import { WantedService } from './wanted.service';

@ApiTags('Missing')
@Controller('api/v1/wanted/missing')
export class MissingController {
  constructor(
    private readonly wanted: WantedService,
    private readonly books: BookQueryService,
  ) {}

  @Get()
  list(@Query() query: WantedQuery): Promise<BookResourcePagingResource> {
    return this.wanted.missing(query);
  }

  @Get(':id')
  get(@IdParam() id: number): Promise<BookResource> {
    return this.books.resource(id, false);
  }
}

@ApiTags('Cutoff')
@Controller('api/v1/wanted/cutoff')
export class CutoffController {
  constructor(
    private readonly wanted: WantedService,
    private readonly books: BookQueryService,
  ) {}

  @Get()
  list(@Query() query: WantedQuery): Promise<BookResourcePagingResource> {
    return this.wanted.cutoff(query);
  }

  @Get(':id')
  get(@IdParam() id: number): Promise<BookResource> {
    return this.books.resource(id, false);
  }
}
