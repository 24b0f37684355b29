import { Injectable } from '@nestjs/common';
import { CommandHandler, type CommandHandlerInstance } from '../../platform/command/command-handler.decorator';
import { RecycleBinService } from './recycle-bin.service';

@Injectable()
@CommandHandler('CleanUpRecycleBin', { diskAccess: true })
export class CleanUpRecycleBinHandler implements CommandHandlerInstance {
  constructor(private readonly recycleBin: RecycleBinService) {}

  async execute(): Promise<string> {
    return `Removed ${await this.recycleBin.cleanUp()} files from the recycle bin`;
  }
}
