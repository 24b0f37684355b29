import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { WireEnumField } from '../../common/validation/transforms';
import { WriteAudioTagsType, WriteBookTagsType } from './metadata-provider-config';

/** Readarr's MetadataProviderConfigResource plus Quire's `requestsPerMinute` and `userAgent`. */
export class MetadataProviderConfigResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @WireEnumField(WriteAudioTagsType) writeAudioTags?: string;
  @IsOptional() @IsBoolean() scrubAudioTags?: boolean;
  @IsOptional() @WireEnumField(WriteBookTagsType) writeBookTags?: string;
  @IsOptional() @IsBoolean() updateCovers?: boolean;
  @IsOptional() @IsBoolean() embedMetadata?: boolean;
  @IsOptional() @IsInt() @Min(1) @Max(600) requestsPerMinute?: number;
  @IsOptional() @IsString() @MinLength(1) @MaxLength(300) userAgent?: string;
}
