import { Module } from '@nestjs/common';
import { AuthorModule } from '../../library/author/author.module';
import { BookModule } from '../../library/book/book.module';
import { LibraryLookupRepository } from './library-lookup.repository';
import { ParseController } from './parse.controller';
import { ParseService } from './parse.service';
import { ReleaseMatchingService } from './release-matching.service';

/** Release-title parsing, matching releases to the library, and `GET /api/v1/parse`. */
@Module({
  imports: [AuthorModule, BookModule],
  controllers: [ParseController],
  providers: [LibraryLookupRepository, ReleaseMatchingService, ParseService],
  exports: [LibraryLookupRepository, ReleaseMatchingService],
})
export class ParserModule {}
