import { Injectable } from '@nestjs/common';
import { CommandHandler, type CommandHandlerInstance } from '../../platform/command/command-handler.decorator';
import { BlocklistService } from './blocklist.service';

@Injectable()
@CommandHandler('ClearBlocklist', { sendUpdatesToClient: true })
export class ClearBlocklistHandler implements CommandHandlerInstance {
  constructor(private readonly blocklist: BlocklistService) {}

  async execute(): Promise<string> {
    const removed = await this.blocklist.clear();
    return `Removed ${removed} blocklisted releases`;
  }
}
