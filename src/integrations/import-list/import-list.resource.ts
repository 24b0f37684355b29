import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Min } from 'class-validator';
import { WireEnumField } from '../../platform/common/validation/transforms';
import { WireEnum } from '../../platform/common/wire/wire-enum';
import { ProviderBulkResource, ProviderResource } from '../core/provider.resource';

export const ImportListMonitorType = new WireEnum({ none: 0, specificBook: 1, entireAuthor: 2 });
export const NewItemMonitorTypes = new WireEnum({ all: 0, none: 1, new: 2 });
export const ImportListType = new WireEnum({ program: 0, goodreads: 1, other: 2 });

export class ImportListResource extends ProviderResource {
  @IsOptional() @IsBoolean() enableAutomaticAdd?: boolean;
  @IsOptional() @WireEnumField(ImportListMonitorType) shouldMonitor?: string;
  @IsOptional() @IsBoolean() shouldMonitorExisting?: boolean;
  @IsOptional() @IsBoolean() shouldSearch?: boolean;
  @IsOptional() @IsString() rootFolderPath?: string;
  @IsOptional() @WireEnumField(NewItemMonitorTypes) monitorNewItems?: string;
  @IsOptional() @IsInt() @Min(0) qualityProfileId?: number;
  @IsOptional() @IsInt() @Min(0) metadataProfileId?: number;
  @IsOptional() @WireEnumField(ImportListType) listType?: string;
  @IsOptional() @IsInt() listOrder?: number;
  @ApiProperty({ required: false, type: String, example: '00:15:00' })
  minRefreshInterval?: string;
  presets?: ImportListResource[];
}

export class ImportListBulkResource extends ProviderBulkResource {
  @IsOptional() @IsBoolean() enableAutomaticAdd?: boolean;
  @IsOptional() @IsString() rootFolderPath?: string;
  @IsOptional() @IsInt() @Min(0) qualityProfileId?: number;
  @IsOptional() @IsInt() @Min(0) metadataProfileId?: number;
}
