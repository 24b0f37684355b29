import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { WireEnumField } from '../../platform/common/validation/transforms';
import { DownloadProtocol } from '../core/download-protocol';
import { ProviderBulkResource, ProviderResource } from '../core/provider.resource';

export class DownloadClientResource extends ProviderResource {
  @IsOptional() @IsBoolean() enable?: boolean;
  @IsOptional() @WireEnumField(DownloadProtocol) protocol?: string;
  @IsOptional() @IsInt() @Min(1) @Max(50) priority?: number;
  @IsOptional() @IsBoolean() removeCompletedDownloads?: boolean;
  @IsOptional() @IsBoolean() removeFailedDownloads?: boolean;
  presets?: DownloadClientResource[];
}

export class DownloadClientBulkResource extends ProviderBulkResource {
  @IsOptional() @IsBoolean() enable?: boolean;
  @IsOptional() @IsInt() @Min(1) @Max(50) priority?: number;
  @IsOptional() @IsBoolean() removeCompletedDownloads?: boolean;
  @IsOptional() @IsBoolean() removeFailedDownloads?: boolean;
}
