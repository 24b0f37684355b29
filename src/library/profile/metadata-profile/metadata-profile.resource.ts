import { IsArray, IsBoolean, IsInt, IsNumber, IsOptional, IsString, Min } from 'class-validator';

export class MetadataProfileResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsNumber() @Min(0) minPopularity?: number;
  @IsOptional() @IsBoolean() skipMissingDate?: boolean;
  @IsOptional() @IsBoolean() skipMissingIsbn?: boolean;
  @IsOptional() @IsBoolean() skipPartsAndSets?: boolean;
  @IsOptional() @IsBoolean() skipSeriesSecondary?: boolean;
  @IsOptional() @IsString() allowedLanguages?: string | null;
  @IsOptional() @IsInt() @Min(0) minPages?: number;
  @IsOptional() @IsArray() @IsString({ each: true }) ignored?: string[];
}
