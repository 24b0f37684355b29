import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { WireEnumField } from '../../platform/common/validation/transforms';
import { DownloadProtocol } from '../core/download-protocol';
import { ProviderBulkResource, ProviderResource } from '../core/provider.resource';

export class IndexerResource extends ProviderResource {
  @IsOptional() @IsBoolean() enableRss?: boolean;
  @IsOptional() @IsBoolean() enableAutomaticSearch?: boolean;
  @IsOptional() @IsBoolean() enableInteractiveSearch?: boolean;
  @IsOptional() @IsBoolean() supportsRss?: boolean;
  @IsOptional() @IsBoolean() supportsSearch?: boolean;
  @IsOptional() @WireEnumField(DownloadProtocol) protocol?: string;
  @IsOptional() @IsInt() @Min(1) @Max(50) priority?: number;
  @IsOptional() @IsInt() @Min(0) downloadClientId?: number;
  presets?: IndexerResource[];
}

export class IndexerBulkResource extends ProviderBulkResource {
  @IsOptional() @IsBoolean() enableRss?: boolean;
  @IsOptional() @IsBoolean() enableAutomaticSearch?: boolean;
  @IsOptional() @IsBoolean() enableInteractiveSearch?: boolean;
  @IsOptional() @IsInt() @Min(1) @Max(50) priority?: number;
}
