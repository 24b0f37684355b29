import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import type { AuthorResource } from '../../library/author/author.resource';
import type { BookResource } from '../../library/book/book.resource';
import { QualityModel } from '../../library/book-file/book-file.resource';
import { ParsedTrackInfo } from '../../library/book-file/parsed-track-info.resource';

export { ParsedTrackInfo };
import { ToBoolean, ToInt } from '../../platform/common/validation/transforms';

export class Rejection {
  @IsOptional() @IsString() reason?: string;
  @IsOptional() @IsString() type?: string;
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
