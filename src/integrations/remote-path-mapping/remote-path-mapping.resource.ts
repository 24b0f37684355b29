import { IsInt, IsOptional, IsString } from 'class-validator';

export class RemotePathMappingResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsString() host?: string;
  @IsOptional() @IsString() remotePath?: string;
  @IsOptional() @IsString() localPath?: string;
}
