import { CommandHandler, CommandHandlerInstance } from '../command/command-handler.decorator';
import { ApiKeyService } from './api-key.service';

/** Readarr's `ResetApiKey` command: a new random key; the old one stops working at once. */
@CommandHandler('ResetApiKey', { sendUpdatesToClient: true })
export class ResetApiKeyHandler implements CommandHandlerInstance {
  constructor(private readonly apiKeys: ApiKeyService) {}

  async execute(): Promise<string> {
    await this.apiKeys.reset();
    return 'Completed';
  }
}
