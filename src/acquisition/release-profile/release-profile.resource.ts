import { IsArray, IsBoolean, IsInt, IsOptional, IsString } from 'class-validator';

export class ReleaseProfileResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsBoolean() enabled?: boolean;
  @IsOptional() @IsArray() @IsString({ each: true }) required?: string[];
  @IsOptional() @IsArray() @IsString({ each: true }) ignored?: string[];
  @IsOptional() @IsInt() indexerId?: number;
  @IsOptional() @IsArray() @IsInt({ each: true }) tags?: number[];
}
