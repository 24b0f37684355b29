import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ParseQuery, ParseResource } from './parse.resource';
import { ParseService } from './parse.service';

@ApiTags('Parse')
@Controller('api/v1/parse')
export class ParseController {
  constructor(private readonly parser: ParseService) {}

  @Get()
  async parse(@Query() query: ParseQuery): Promise<ParseResource | undefined> {
    return (await this.parser.parse(query.title)) ?? undefined;
  }
}
