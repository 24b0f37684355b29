import { IsInt, IsOptional, Min } from 'class-validator';

export class IndexerConfigResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsInt() @Min(0) minimumAge?: number;
  @IsOptional() @IsInt() @Min(0) maximumSize?: number;
  @IsOptional() @IsInt() @Min(0) retention?: number;
  @IsOptional() @IsInt() rssSyncInterval?: number;
}
