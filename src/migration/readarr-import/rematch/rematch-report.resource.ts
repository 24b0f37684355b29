import { ApiProperty } from '@nestjs/swagger';

/** Wire shapes of `GET /api/v1/migration/rematch/{commandId}`. */
export class RematchCountsResource {
  total!: number;
  matched!: number;
  unchanged!: number;
  unmatched!: number;
}

export class RematchCountsByKindResource {
  authors!: RematchCountsResource;
  books!: RematchCountsResource;
}

export class RematchEntryResource {
  @ApiProperty({ enum: ['author', 'book'] }) kind!: 'author' | 'book';
  id!: number;
  title!: string;
  previousForeignId!: string;
  foreignId!: string;
  /** How the match was found: goodreads, isbn, asin, title, name or books (an author by its books). */
  via!: string;
}

export class RematchUnmatchedResource {
  @ApiProperty({ enum: ['author', 'book'] }) kind!: 'author' | 'book';
  id!: number;
  title!: string;
  /** The id kept. */
  foreignId!: string;
  reason!: string;
}

export class RematchLookupsResource {
  requests!: number;
  identifiers!: number;
  cached!: number;
}

export class RematchReportResource {
  from!: string;
  to!: string;
  counts!: RematchCountsByKindResource;
  matched!: RematchEntryResource[];
  unmatched!: RematchUnmatchedResource[];
  lookups!: RematchLookupsResource;
  startedAt!: string;
  finishedAt?: string;
}
