import { IsBoolean, IsInt, IsOptional, IsString } from 'class-validator';

export class DownloadClientConfigResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsString() downloadClientWorkingFolders?: string;
  @IsOptional() @IsBoolean() enableCompletedDownloadHandling?: boolean;
  @IsOptional() @IsBoolean() autoRedownloadFailed?: boolean;
  @IsOptional() @IsBoolean() autoRedownloadFailedFromInteractiveSearch?: boolean;
}
