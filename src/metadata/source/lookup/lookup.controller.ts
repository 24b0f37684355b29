import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthorResource } from '../../../library/author/author.resource';
import { BookResource } from '../../../library/book/book.resource';
import { LookupQuery } from './lookup.dto';
import { LookupService } from './lookup.service';
import { SearchResource } from './search.resource';

@ApiTags('AuthorLookup')
@Controller('api/v1/author/lookup')
export class AuthorLookupController {
  constructor(private readonly lookup: LookupService) {}

  @Get()
  search(@Query() query: LookupQuery): Promise<AuthorResource[]> {
    return this.lookup.lookupAuthors(query.term);
  }
}

@ApiTags('BookLookup')
@Controller('api/v1/book/lookup')
export class BookLookupController {
  constructor(private readonly lookup: LookupService) {}

  @Get()
  search(@Query() query: LookupQuery): Promise<BookResource[]> {
    return this.lookup.lookupBooks(query.term);
  }
}

@ApiTags('Search')
@Controller('api/v1/search')
export class SearchController {
  constructor(private readonly lookup: LookupService) {}

  @Get()
  search(@Query() query: LookupQuery): Promise<SearchResource[]> {
    return this.lookup.search(query.term);
  }
}
