import { Controller, Delete, Get, Param, Post, StreamableFile, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import { ApiTags } from '@nestjs/swagger';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { BrowserResource } from '../../auth/browser-resource.decorator';
import { IdParam } from '../../common/http/route-decorators';
import { BackupResource, BackupRestoreResource } from './backup.resource';
import { BackupService } from './backup.service';

const UPLOAD_LIMIT = 1024 ** 3;

@ApiTags('Backup')
@Controller()
export class BackupController {
  constructor(private readonly backups: BackupService) {}

  @Get('api/v1/system/backup')
  list(): Promise<BackupResource[]> {
    return this.backups.list();
  }

  @Delete('api/v1/system/backup/:id')
  async delete(@IdParam() id: number): Promise<object> {
    await this.backups.delete(id);
    return {};
  }

  @Post('api/v1/system/backup/restore/upload')
  @UseInterceptors(AnyFilesInterceptor({ dest: tmpdir(), limits: { fileSize: UPLOAD_LIMIT, files: 5 } }))
  async restoreUpload(@UploadedFiles() files: Express.Multer.File[] | undefined): Promise<BackupRestoreResource> {
    try {
      await this.backups.restoreUpload(files?.[0]);
    } finally {
      await this.backups.discardUploads(files?.slice(1) ?? []);
    }
    return { restartRequired: true };
  }

  @Post('api/v1/system/backup/restore/:id')
  async restore(@IdParam() id: number): Promise<BackupRestoreResource> {
    await this.backups.restore(id);
    return { restartRequired: true };
  }

  /** Readarr's download route for `BackupResource.path`, which a browser follows with its session cookie. */
  @BrowserResource()
  @Get('backup/:type/:name')
  async download(@Param('type') type: string, @Param('name') name: string): Promise<StreamableFile> {
    const path = await this.backups.fileByName(type, name);
    return new StreamableFile(createReadStream(path), {
      type: 'application/zip',
      disposition: `attachment; filename="${name}"`,
    });
  }
}
