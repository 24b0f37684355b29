import { IsArray, IsInt, IsObject, IsOptional, IsString } from 'class-validator';

export class CustomFilterResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsString() type?: string;
  @IsOptional() @IsString() label?: string;
  @IsOptional() @IsArray() @IsObject({ each: true }) filters?: Record<string, unknown>[];
}
