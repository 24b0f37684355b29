import { Controller, Get, Param, Query, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BrowserResource } from '../../auth/browser-resource.decorator';
import { LogFileService } from './log-file.service';
import { LogFileResource, LogQuery, LogResourcePagingResource } from './log.resource';
import { LogService } from './log.service';
import { LogFolderKind } from './log-folders';

const TEXT = { type: 'text/plain; charset=utf-8' };

@ApiTags('Log')
@Controller()
export class LogController {
  constructor(
    private readonly logs: LogService,
    private readonly files: LogFileService,
  ) {}

  @Get('api/v1/log')
  page(@Query() query: LogQuery): Promise<LogResourcePagingResource> {
    return this.logs.page(query);
  }

  @Get('api/v1/log/file')
  listFiles(): Promise<LogFileResource[]> {
    return this.files.list('app');
  }

  @Get('api/v1/log/file/update')
  listUpdateFiles(): Promise<LogFileResource[]> {
    return this.files.list('update');
  }

  @Get('api/v1/log/file/update/:filename')
  updateFile(@Param('filename') filename: string): Promise<StreamableFile> {
    return this.text('update', filename);
  }

  @Get('api/v1/log/file/:filename')
  file(@Param('filename') filename: string): Promise<StreamableFile> {
    return this.text('app', filename);
  }

  /** Readarr's download routes (`downloadUrl`), which a browser follows with its session cookie. */
  @BrowserResource()
  @Get('logfile/:filename')
  download(@Param('filename') filename: string): Promise<StreamableFile> {
    return this.text('app', filename);
  }

  @BrowserResource()
  @Get('updatelogfile/:filename')
  downloadUpdate(@Param('filename') filename: string): Promise<StreamableFile> {
    return this.text('update', filename);
  }

  private async text(kind: LogFolderKind, filename: string): Promise<StreamableFile> {
    return new StreamableFile(await this.files.open(kind, filename), TEXT);
  }
}
