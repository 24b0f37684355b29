import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClearLogHandler, DeleteLogFilesHandler, DeleteUpdateLogFilesHandler } from './log-commands.handler';
import { LogEntry } from './log-entry.entity';
import { LogFileService } from './log-file.service';
import { LogSinkService } from './log-sink.service';
import { LogController } from './log.controller';
import { LogRepository } from './log.repository';
import { LogService } from './log.service';

@Module({
  imports: [TypeOrmModule.forFeature([LogEntry])],
  controllers: [LogController],
  providers: [
    LogRepository,
    LogService,
    LogFileService,
    LogSinkService,
    ClearLogHandler,
    DeleteLogFilesHandler,
    DeleteUpdateLogFilesHandler,
  ],
  exports: [LogSinkService],
})
export class LogModule {}
