import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsDateString, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Links, MediaCover, Ratings } from '../author/media.resource';
import { ToIntArray } from '../../platform/common/validation/transforms';

export class EditionResource {
  @IsOptional()
  @IsInt()
  id?: number;

  @IsOptional()
  @IsInt()
  bookId?: number;

  @IsOptional()
  @IsString()
  foreignEditionId?: string;

  @IsOptional()
  @IsString()
  titleSlug?: string;

  @IsOptional()
  @IsString()
  isbn13?: string;

  @IsOptional()
  @IsString()
  asin?: string;

  @IsOptional()
  @IsString()
  title?: string;

  @IsOptional()
  @IsString()
  language?: string;

  @IsOptional()
  @IsString()
  overview?: string;

  @IsOptional()
  @IsString()
  format?: string;

  @IsOptional()
  @IsBoolean()
  isEbook?: boolean;

  @IsOptional()
  @IsString()
  disambiguation?: string;

  @IsOptional()
  @IsString()
  publisher?: string;

  @IsOptional()
  @IsInt()
  pageCount?: number;

  @IsOptional()
  @IsDateString()
  releaseDate?: Date | string;

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

  @IsOptional()
  @ValidateNested()
  @Type(() => Ratings)
  ratings?: Ratings;

  @IsOptional()
  @IsBoolean()
  monitored?: boolean;

  @IsOptional()
  @IsBoolean()
  manualAdd?: boolean;

  remoteCover?: string;
}

export class EditionListQuery {
  @IsOptional()
  @ToIntArray()
  @IsInt({ each: true })
  bookId?: number[];
}
