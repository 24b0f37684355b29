import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDate, IsInt, IsNumber, IsOptional, IsString } from 'class-validator';
import { ToInt, WireEnumField } from '../../platform/common/validation/transforms';
import { QualityModel } from '../../library/book-file/book-file.resource';
import type { CustomFormatResource } from '../../library/profile/custom-format/custom-format.resource';
import { DownloadProtocol, type DownloadProtocolName } from '../../integrations/core/download-protocol';

export class ReleaseQuery {
  @IsOptional() @ToInt() @IsInt() bookId?: number;
  @IsOptional() @ToInt() @IsInt() authorId?: number;
}

/** Readarr's ReleaseResource; as a request body (`POST /release`, `/release/push`) only some fields are read. */
export class ReleaseResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsString() guid?: string;
  quality?: QualityModel;
  qualityWeight?: number;
  age?: number;
  ageHours?: number;
  ageMinutes?: number;
  @IsOptional() @IsNumber() size?: number;
  @IsOptional() @IsInt() indexerId?: number;
  @IsOptional() @IsString() indexer?: string;
  releaseGroup?: string;
  subGroup?: string;
  releaseHash?: string;
  @IsOptional() @IsString() title?: string;
  discography?: boolean;
  sceneSource?: boolean;
  airDate?: string;
  authorName?: string;
  bookTitle?: string;
  approved?: boolean;
  temporarilyRejected?: boolean;
  rejected?: boolean;
  rejections?: string[];
  @IsOptional() @Type(() => Date) @IsDate() publishDate?: Date;
  @IsOptional() @IsString() commentUrl?: string;
  @IsOptional() @IsString() downloadUrl?: string;
  @IsOptional() @IsString() infoUrl?: string;
  downloadAllowed?: boolean;
  releaseWeight?: number;
  customFormats?: CustomFormatResource[];
  customFormatScore?: number;
  @IsOptional() @IsString() magnetUrl?: string;
  @IsOptional() @IsString() infoHash?: string;
  @IsOptional() @IsInt() seeders?: number;
  @IsOptional() @IsInt() leechers?: number;
  @IsOptional()
  @WireEnumField(DownloadProtocol)
  @ApiProperty({ enum: DownloadProtocol.names })
  protocol?: DownloadProtocolName;
  @IsOptional() @IsInt() indexerFlags?: number;
  @IsOptional() @IsInt() authorId?: number;
  @IsOptional() @IsInt() bookId?: number;
  @IsOptional() @IsInt() downloadClientId?: number;
  @IsOptional() @IsString() downloadClient?: string;
}
