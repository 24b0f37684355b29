import { Module } from '@nestjs/common';
import { FilesystemController } from './filesystem.controller';
import { FilesystemService } from './filesystem.service';

/** `/api/v1/filesystem`, `/filesystem/type`, `/filesystem/mediafiles` (path pickers; system folders hidden). */
@Module({ controllers: [FilesystemController], providers: [FilesystemService] })
export class FilesystemModule {}
