import { IsArray, IsBoolean, IsInt, IsOptional, Min } from 'class-validator';
import { WireEnumField } from '../../../platform/common/validation/transforms';
import { WireEnum } from '../../../platform/common/wire/wire-enum';
import { ToInt } from '../../../platform/common/validation/transforms';

export const DownloadProtocol = new WireEnum({ unknown: 0, usenet: 1, torrent: 2 });

export class DelayProfileResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsBoolean() enableUsenet?: boolean;
  @IsOptional() @IsBoolean() enableTorrent?: boolean;
  @IsOptional() @WireEnumField(DownloadProtocol) preferredProtocol?: string;
  @IsOptional() @IsInt() @Min(0) usenetDelay?: number;
  @IsOptional() @IsInt() @Min(0) torrentDelay?: number;
  @IsOptional() @IsBoolean() bypassIfHighestQuality?: boolean;
  @IsOptional() @IsBoolean() bypassIfAboveCustomFormatScore?: boolean;
  @IsOptional() @IsInt() minimumCustomFormatScore?: number;
  @IsOptional() @IsInt() order?: number;
  @IsOptional() @IsArray() @IsInt({ each: true }) tags?: number[];
}

export class DelayProfileReorderQuery {
  @IsOptional() @ToInt() @IsInt() afterId?: number;
}
