import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsDateString, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { AuthorResource } from '../author/author.resource';
import { BookAddType, type BookAddTypeName } from '../author/catalogue.enums';
import { Links, MediaCover, Ratings } from '../author/media.resource';
import { ToBoolean, ToInt, ToIntArray, WireEnumField } from '../../platform/common/validation/transforms';
import { EditionResource } from './edition.resource';

export class AddBookOptions {
  @IsOptional()
  @WireEnumField(BookAddType)
  addType?: BookAddTypeName;

  @IsOptional()
  @IsBoolean()
  searchForNewBook?: boolean;
}

export class BookStatisticsResource {
  bookFileCount!: number;
  bookCount!: number;
  totalBookCount!: number;
  sizeOnDisk!: number;
  percentOfBooks!: number;
}

/** A book on the wire. Lists carry no author, overview or editions, as Readarr's do. */
export class BookResource {
  @IsOptional()
  @IsInt()
  id?: number;

  @IsOptional()
  @IsString()
  title?: string;

  authorTitle?: string;
  seriesTitle?: string;

  @IsOptional()
  @IsString()
  disambiguation?: string;

  @IsOptional()
  @IsString()
  overview?: string;

  @IsOptional()
  @IsInt()
  authorId?: number;

  @IsOptional()
  @IsString()
  foreignBookId?: string;

  @IsOptional()
  @IsString()
  foreignEditionId?: string;

  @IsOptional()
  @IsString()
  titleSlug?: string;

  @IsOptional()
  @IsBoolean()
  monitored?: boolean;

  @IsOptional()
  @IsBoolean()
  anyEditionOk?: boolean;

  @IsOptional()
  @ValidateNested()
  @Type(() => Ratings)
  ratings?: Ratings;

  @IsOptional()
  @IsDateString()
  @ApiProperty({ type: String, format: 'date-time', required: false })
  releaseDate?: Date | string;

  @IsOptional()
  @IsInt()
  pageCount?: number;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  genres?: string[];

  @IsOptional()
  @ValidateNested()
  @Type(() => AuthorResource)
  author?: AuthorResource;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => MediaCover)
  images?: MediaCover[];

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => Links)
  links?: Links[];

  statistics?: BookStatisticsResource;

  /** Dates arrive from PostgreSQL already in wire form (`yyyy-MM-ddTHH:mm:ssZ`). */
  @ApiProperty({ type: String, format: 'date-time', required: false })
  added?: Date | string;

  @IsOptional()
  @ValidateNested()
  @Type(() => AddBookOptions)
  addOptions?: AddBookOptions;

  remoteCover?: string;

  @ApiProperty({ type: String, format: 'date-time', required: false })
  lastSearchTime?: Date | string;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => EditionResource)
  editions?: EditionResource[];

  /** Always false outside SignalR "grabbed" pushes (hidden from Readarr's OpenAPI). */
  grabbed?: boolean;
}

export class BookListQuery {
  @IsOptional()
  @ToInt()
  @IsInt()
  authorId?: number;

  @IsOptional()
  @ToIntArray()
  @IsInt({ each: true })
  bookIds?: number[];

  @IsOptional()
  @IsString()
  titleSlug?: string;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  includeAllAuthorBooks?: boolean;
}

export class BookDeleteQuery {
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  deleteFiles?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  addImportListExclusion?: boolean;
}

export class BooksMonitoredResource {
  @IsArray()
  @IsInt({ each: true })
  bookIds!: number[];

  @IsBoolean()
  monitored!: boolean;
}

export class BookEditorResource {
  @IsArray()
  @IsInt({ each: true })
  bookIds!: number[];

  @IsOptional()
  @IsBoolean()
  monitored?: boolean;

  @IsOptional()
  @IsBoolean()
  deleteFiles?: boolean;

  @IsOptional()
  @IsBoolean()
  addImportListExclusion?: boolean;
}

export class BookOverviewResource {
  id!: number;
  overview?: string;
}
