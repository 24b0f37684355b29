import { Injectable } from '@nestjs/common';
import {
  CommandHandler,
  type CommandContext,
  type CommandHandlerInstance,
} from '../../platform/command/command-handler.decorator';
import { commandAuthorIds, filesScope } from './organizer-command-body';
import { RetagService } from './retag.service';

/** `RetagFiles {authorId, files}` (MP3 only; other formats are skipped). */
@Injectable()
@CommandHandler('RetagFiles', { diskAccess: true })
export class RetagFilesHandler implements CommandHandlerInstance {
  constructor(private readonly retag: RetagService) {}

  async execute(body: Record<string, unknown>, context: CommandContext): Promise<string> {
    const scope = filesScope(body);
    if (!scope) return 'No files to retag';
    const plans = await this.retag.plan(scope);
    return `Retagged ${await this.retag.execute(plans, (message) => context.progress(message))} files`;
  }
}

/** `RetagAuthor {authorIds}`. */
@Injectable()
@CommandHandler('RetagAuthor', { diskAccess: true })
export class RetagAuthorHandler implements CommandHandlerInstance {
  constructor(private readonly retag: RetagService) {}

  async execute(body: Record<string, unknown>, context: CommandContext): Promise<string> {
    const authorIds = commandAuthorIds(body);
    if (authorIds.length === 0) return 'No authors to retag';
    const plans = await this.retag.plan({ authorIds });
    return `Retagged ${await this.retag.execute(plans, (message) => context.progress(message))} files`;
  }
}
