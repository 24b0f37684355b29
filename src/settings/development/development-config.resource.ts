import { IsBoolean, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** Readarr's DevelopmentConfigResource plus Quire's `coverSource`. */
export class DevelopmentConfigResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsString() metadataSource?: string;
  @IsOptional() @IsString() coverSource?: string;
  @IsOptional() @IsString() consoleLogLevel?: string;
  @IsOptional() @IsBoolean() logSql?: boolean;
  @IsOptional() @IsInt() @Min(1) @Max(1000) logRotate?: number;
  @IsOptional() @IsBoolean() filterSentryEvents?: boolean;
}
