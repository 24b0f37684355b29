import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  FileSystemPathQuery,
  FileSystemQuery,
  FileSystemResource,
  FileSystemTypeResource,
  MediaFileEntryResource,
} from './filesystem.resource';
import { FilesystemService } from './filesystem.service';

@ApiTags('FileSystem')
@Controller('api/v1/filesystem')
export class FilesystemController {
  constructor(private readonly filesystem: FilesystemService) {}

  @Get()
  browse(@Query() query: FileSystemQuery): Promise<FileSystemResource> {
    return this.filesystem.browse(query);
  }

  @Get('type')
  type(@Query() query: FileSystemPathQuery): Promise<FileSystemTypeResource> {
    return this.filesystem.type(query.path);
  }

  @Get('mediafiles')
  mediaFiles(@Query() query: FileSystemPathQuery): Promise<MediaFileEntryResource[]> {
    return this.filesystem.mediaFiles(query.path);
  }
}
