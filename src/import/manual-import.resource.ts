import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import type { AuthorResource } from '../author/author.resource';
import type { BookResource } from '../book/book.resource';
import { MediaInfoResource, QualityModel } from '../book-file/book-file.resource';
import { ToBoolean, ToInt } from '../common/validation/transforms';

export class Rejection {
  @IsOptional() @IsString() reason?: string;
  @IsOptional() @IsString() type?: string;
}

/** Readarr's ParsedTrackInfo (what a file's own tags say); Quire fills what book files carry. */
export class ParsedTrackInfo {
  title?: string;
  cleanTitle?: string;
  authorTitle?: string;
  goodreadsId?: string;
  authorMBId?: string;
  bookMBId?: string;
  releaseMBId?: string;
  recordingMBId?: string;
  trackMBId?: string;
  country?: string;
  label?: string;
  source?: string;
  catalogNumber?: string;
  disambiguation?: string;
  /** Timespan `hh:mm:ss`. */
  duration?: string;
  quality?: QualityModel;
  mediaInfo?: MediaInfoResource;
  releaseGroup?: string;
  releaseHash?: string;
  authors?: string[];
  bookTitle?: string;
  seriesTitle?: string;
  seriesIndex?: string;
  isbn?: string;
  asin?: string;
  year?: number;
  publisher?: string;
  language?: string;
  trackNumbers?: number[];
  discNumber?: number;
  discCount?: number;
}

export class ManualImportResource {
  id!: number;
  path!: string;
  name!: string;
  size!: number;
  author?: AuthorResource;
  book?: BookResource;
  foreignEditionId?: string;
  quality!: QualityModel;
  releaseGroup?: string;
  qualityWeight!: number;
  downloadId?: string;
  indexerFlags!: number;
  rejections!: Rejection[];
  audioTags?: ParsedTrackInfo;
  additionalFile!: boolean;
  replaceExistingFiles!: boolean;
  disableReleaseSwitching!: boolean;
}

export class ManualImportUpdateResource {
  @IsOptional() @IsInt() id?: number;
  @IsString() path!: string;
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsInt() authorId?: number;
  @IsOptional() @IsInt() bookId?: number;
  @IsOptional() @IsString() foreignEditionId?: string;
  @IsOptional() @ValidateNested() @Type(() => QualityModel) quality?: QualityModel;
  @IsOptional() @IsString() releaseGroup?: string;
  @IsOptional() @IsInt() indexerFlags?: number;
  @IsOptional() @IsString() downloadId?: string;
  @IsOptional() @IsBoolean() additionalFile?: boolean;
  @IsOptional() @IsBoolean() replaceExistingFiles?: boolean;
  @IsOptional() @IsBoolean() disableReleaseSwitching?: boolean;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => Rejection) rejections?: Rejection[];
}

export class ManualImportQuery {
  @IsOptional() @IsString() folder?: string;
  @IsOptional() @IsString() downloadId?: string;
  @IsOptional() @ToInt() @IsInt() authorId?: number;
  @IsOptional() @ToBoolean() @IsBoolean() filterExistingFiles?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() replaceExistingFiles?: boolean;
}
