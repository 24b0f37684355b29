import { IsInt, IsOptional, IsString } from 'class-validator';

export class TagResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsString() label?: string;
}

export class TagDetailsResource {
  id: number;
  label: string;
  delayProfileIds: number[];
  importListIds: number[];
  notificationIds: number[];
  restrictionIds: number[];
  indexerIds: number[];
  downloadClientIds: number[];
  authorIds: number[];
}
