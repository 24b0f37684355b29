import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Quality } from '../quality/quality-definition.resource';

export class QualityProfileQualityItemResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsString() name?: string;
  @IsOptional() @ValidateNested() @Type(() => Quality) quality?: Quality;
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => QualityProfileQualityItemResource)
  items?: QualityProfileQualityItemResource[];
  @IsOptional() @IsBoolean() allowed?: boolean;
}

export class ProfileFormatItemResource {
  @IsOptional() @IsInt() id?: number;
  @IsInt() format: number;
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsInt() score?: number;
}

export class QualityProfileResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsBoolean() upgradeAllowed?: boolean;
  @IsOptional() @IsInt() cutoff?: number;
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => QualityProfileQualityItemResource)
  items?: QualityProfileQualityItemResource[];
  @IsOptional() @IsInt() minFormatScore?: number;
  @IsOptional() @IsInt() cutoffFormatScore?: number;
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ProfileFormatItemResource)
  formatItems?: ProfileFormatItemResource[];
}
