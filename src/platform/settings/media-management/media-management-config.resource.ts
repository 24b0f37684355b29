import { IsBoolean, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { WireEnumField } from '../../common/validation/transforms';
import {
  AllowFingerprinting,
  FileDateType,
  ProperDownloadTypes,
  RescanAfterRefreshType,
} from './media-management-config';

export class MediaManagementConfigResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsBoolean() autoUnmonitorPreviouslyDownloadedBooks?: boolean;
  @IsOptional() @IsString() recycleBin?: string;
  @IsOptional() @IsInt() @Min(0) recycleBinCleanupDays?: number;
  @IsOptional() @WireEnumField(ProperDownloadTypes) downloadPropersAndRepacks?: string;
  @IsOptional() @IsBoolean() createEmptyAuthorFolders?: boolean;
  @IsOptional() @IsBoolean() deleteEmptyFolders?: boolean;
  @IsOptional() @WireEnumField(FileDateType) fileDate?: string;
  @IsOptional() @IsBoolean() watchLibraryForChanges?: boolean;
  @IsOptional() @WireEnumField(RescanAfterRefreshType) rescanAfterRefresh?: string;
  @IsOptional() @WireEnumField(AllowFingerprinting) allowFingerprinting?: string;
  @IsOptional() @IsBoolean() setPermissionsLinux?: boolean;
  @IsOptional() @IsString() chmodFolder?: string;
  @IsOptional() @IsString() chownGroup?: string;
  @IsOptional() @IsBoolean() skipFreeSpaceCheckWhenImporting?: boolean;
  @IsOptional() @IsInt() @Min(100) minimumFreeSpaceWhenImporting?: number;
  @IsOptional() @IsBoolean() copyUsingHardlinks?: boolean;
  @IsOptional() @IsBoolean() importExtraFiles?: boolean;
  @IsOptional() @IsString() extraFileExtensions?: string;
  /** Quire-only: minimum match (percent, 0–100) between a file and a book for automatic import. */
  @IsOptional() @IsInt() @Min(0) @Max(100) importMatchThreshold?: number;
}
