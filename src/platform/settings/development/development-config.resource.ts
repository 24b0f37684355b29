import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { METADATA_SOURCE_TYPES, type MetadataSourceType } from './development-config';

/** Readarr's DevelopmentConfigResource plus Quire's `coverSource` and `metadataSourceType`. */
export class DevelopmentConfigResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsString() metadataSource?: string;
  /** The protocol of `metadataSource`; when a new URL is sent without it, Quire asks the server once. */
  @ApiProperty({ enum: METADATA_SOURCE_TYPES, required: false })
  @IsOptional()
  @IsIn(METADATA_SOURCE_TYPES, { message: `metadataSourceType must be one of: ${METADATA_SOURCE_TYPES.join(', ')}` })
  metadataSourceType?: MetadataSourceType;
  /** A server of the other protocol that fills series and descriptions the primary source lacks ('' = off). */
  @IsOptional() @IsString() metadataEnrichmentSource?: string;
  @IsOptional() @IsString() coverSource?: string;
  @IsOptional() @IsString() consoleLogLevel?: string;
  @IsOptional() @IsBoolean() logSql?: boolean;
  @IsOptional() @IsInt() @Min(1) @Max(1000) logRotate?: number;
  @IsOptional() @IsBoolean() filterSentryEvents?: boolean;
}
