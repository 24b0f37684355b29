import { Type } from 'class-transformer';
import { IsInt, IsNumber, IsOptional, IsString, Min, ValidateNested } from 'class-validator';

/** Readarr's `Quality` `{id, name}`. */
export class Quality {
  @IsInt() @Min(0) id: number;
  @IsOptional() @IsString() name?: string;
}

export class QualityDefinitionResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @ValidateNested() @Type(() => Quality) quality?: Quality;
  @IsOptional() @IsString() title?: string;
  @IsOptional() @IsInt() weight?: number;
  @IsOptional() @IsNumber() @Min(0) minSize?: number | null;
  @IsOptional() @IsNumber() @Min(0) maxSize?: number | null;
}
