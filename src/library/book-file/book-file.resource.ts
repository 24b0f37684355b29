import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsObject, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { ToBoolean, ToInt, ToIntArray } from '../../platform/common/validation/transforms';
import { ParsedTrackInfo } from './parsed-track-info.resource';

export class QualityResource {
  @IsInt()
  @Min(0)
  id!: number;

  @IsOptional()
  @IsString()
  name?: string;
}

export class Revision {
  @IsOptional()
  @IsInt()
  version?: number;

  @IsOptional()
  @IsInt()
  real?: number;

  @IsOptional()
  @IsBoolean()
  isRepack?: boolean;
}

export class QualityModel {
  @ValidateNested()
  @Type(() => QualityResource)
  quality!: QualityResource;

  @IsOptional()
  @ValidateNested()
  @Type(() => Revision)
  revision?: Revision;
}

export class MediaInfoResource {
  id?: number;
  audioChannels?: number;
  audioBitRate?: string;
  audioCodec?: string;
  audioBits?: string;
  audioSampleRate?: string;
}

export class BookFileResource {
  @IsOptional()
  @IsInt()
  id?: number;

  authorId?: number;
  bookId?: number;
  path?: string;
  size?: number;
  dateAdded?: Date;

  @IsOptional()
  @ValidateNested()
  @Type(() => QualityModel)
  quality?: QualityModel;

  qualityWeight?: number;
  indexerFlags?: number;
  mediaInfo?: MediaInfoResource;
  qualityCutoffNotMet?: boolean;

  /** Only on `GET /bookfile/{id}`: the file's own tags. Ignored on input. */
  @IsOptional()
  @IsObject()
  @ApiPropertyOptional({ type: () => ParsedTrackInfo })
  audioTags?: ParsedTrackInfo;
}

export class BookFileListResource {
  @IsArray()
  @IsInt({ each: true })
  bookFileIds!: number[];

  @IsOptional()
  @ValidateNested()
  @Type(() => QualityModel)
  quality?: QualityModel;
}

export class BookFileListQuery {
  @IsOptional()
  @ToInt()
  @IsInt()
  authorId?: number;

  @IsOptional()
  @ToIntArray()
  @IsInt({ each: true })
  bookFileIds?: number[];

  @IsOptional()
  @ToIntArray()
  @IsInt({ each: true })
  bookId?: number[];

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  unmapped?: boolean;
}
