import { IsInt, IsOptional, IsString } from 'class-validator';

export class ImportListExclusionResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsString() foreignId?: string;
  @IsOptional() @IsString() authorName?: string;
}
