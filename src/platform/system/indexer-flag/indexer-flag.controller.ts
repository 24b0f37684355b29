import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IndexerFlagResource } from './indexer-flag.resource';

/** Readarr's IndexerFlags bit values; the id is the flag value. */
export const INDEXER_FLAGS: Readonly<Record<string, number>> = {
  freeleech: 1,
  halfleech: 2,
  doubleUpload: 4,
  internal: 8,
  scene: 16,
  freeleech75: 32,
  freeleech25: 64,
};

@ApiTags('IndexerFlag')
@Controller('api/v1/indexerflag')
export class IndexerFlagController {
  @Get()
  @ApiOkResponse({ type: [IndexerFlagResource] })
  list(): IndexerFlagResource[] {
    return Object.entries(INDEXER_FLAGS).map(([camel, id]) => {
      const name = camel[0].toUpperCase() + camel.slice(1);
      return { id, name, nameLower: name.toLowerCase() };
    });
  }
}
