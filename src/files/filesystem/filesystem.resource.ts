import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { ToBoolean } from '../../platform/common/validation/transforms';

export class FileSystemEntryResource {
  type!: 'folder' | 'file';
  name!: string;
  path!: string;
  size?: number;
  lastModified?: Date;
  extension?: string;
}

export class FileSystemResource {
  parent?: string;
  directories!: FileSystemEntryResource[];
  files!: FileSystemEntryResource[];
}

export class FileSystemTypeResource {
  type!: 'file' | 'folder';
}

export class MediaFileEntryResource {
  path!: string;
  name!: string;
}

export class FileSystemQuery {
  @IsOptional() @IsString() path?: string;
  @IsOptional() @ToBoolean() @IsBoolean() includeFiles?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() allowFoldersWithoutTrailingSlashes?: boolean;
}

export class FileSystemPathQuery {
  @IsOptional() @IsString() path?: string;
}
