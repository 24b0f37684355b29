import { IsOptional, IsString } from 'class-validator';
import type { AuthorResource } from '../../library/author/author.resource';
import type { BookResource } from '../../library/book/book.resource';
import { QualityModel } from '../../library/book-file/book-file.resource';

export class ParseQuery {
  @IsOptional()
  @IsString()
  title?: string;
}

export class AuthorTitleInfo {
  title?: string;
  titleWithoutYear?: string;
  year!: number;
}

export class ParsedBookInfoResource {
  bookTitle?: string;
  authorName?: string;
  authorTitleInfo!: AuthorTitleInfo;
  quality!: QualityModel;
  releaseDate?: string;
  discography!: boolean;
  discographyStart!: number;
  discographyEnd!: number;
  releaseGroup?: string;
  releaseHash?: string;
  releaseVersion?: string;
  releaseTitle?: string;
}

export class ParseResource {
  id?: number;
  title?: string;
  parsedBookInfo?: ParsedBookInfoResource;
  author?: AuthorResource;
  books?: BookResource[];
}
