import { Controller, Get, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiQuery, ApiTags } from '@nestjs/swagger';
import { tmpdir } from 'node:os';
import { toCommandResource } from '../../platform/command/command.mapper';
import { CommandResource } from '../../platform/command/command.resource';
import { IdParam } from '../../platform/common/http/route-decorators';
import { MigrationService } from './migration.service';
import { MigrationReportResource } from './report/migration-report.resource';

/** Largest upload taken (a zipped or plain readarr.db). */
const UPLOAD_LIMIT = 1024 ** 3;

@ApiTags('Migration')
@Controller('api/v1/migration')
export class MigrationController {
  constructor(private readonly migrations: MigrationService) {}

  /** Starts a MigrateFromReadarr command (a dry run unless `dryRun=false`); progress is in its `message`. */
  @Post('readarr')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiQuery({ name: 'dryRun', required: false, type: Boolean })
  @UseInterceptors(FileInterceptor('file', { dest: tmpdir(), limits: { fileSize: UPLOAD_LIMIT, files: 1 } }))
  async readarr(
    @UploadedFile() file: Express.Multer.File | undefined,
    @Query('dryRun') dryRun?: string,
  ): Promise<CommandResource> {
    return toCommandResource(
      await this.migrations.startReadarr(file, !['false', '0'].includes(dryRun?.trim().toLowerCase() ?? '')),
    );
  }

  /** The report of a finished migration command. */
  @Get(':id')
  report(@IdParam() id: number): Promise<MigrationReportResource> {
    return this.migrations.report(id);
  }
}
