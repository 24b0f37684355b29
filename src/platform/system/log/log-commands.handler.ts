import { CommandHandler, CommandHandlerInstance } from '../../command/command-handler.decorator';
import { LogFileService } from './log-file.service';
import { LogService } from './log.service';

@CommandHandler('ClearLog', { sendUpdatesToClient: true })
export class ClearLogHandler implements CommandHandlerInstance {
  constructor(private readonly logs: LogService) {}

  async execute(): Promise<string> {
    await this.logs.clear();
    return 'Log cleared';
  }
}

@CommandHandler('DeleteLogFiles', { sendUpdatesToClient: true })
export class DeleteLogFilesHandler implements CommandHandlerInstance {
  constructor(private readonly files: LogFileService) {}

  async execute(): Promise<string> {
    return `Deleted ${await this.files.deleteAll('app')} log file(s)`;
  }
}

@CommandHandler('DeleteUpdateLogFiles', { sendUpdatesToClient: true })
export class DeleteUpdateLogFilesHandler implements CommandHandlerInstance {
  constructor(private readonly files: LogFileService) {}

  async execute(): Promise<string> {
    return `Deleted ${await this.files.deleteAll('update')} update log file(s)`;
  }
}
