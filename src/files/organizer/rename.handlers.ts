import { Injectable } from '@nestjs/common';
import {
  CommandHandler,
  type CommandContext,
  type CommandHandlerInstance,
} from '../../platform/command/command-handler.decorator';
import { commandAuthorIds, filesScope } from './organizer-command-body';
import { RenameService } from './rename.service';

/** `RenameFiles {authorId, files: bookFileIds}`. */
@Injectable()
@CommandHandler('RenameFiles', { diskAccess: true })
export class RenameFilesHandler implements CommandHandlerInstance {
  constructor(private readonly rename: RenameService) {}

  async execute(body: Record<string, unknown>, context: CommandContext): Promise<string> {
    const scope = filesScope(body);
    if (!scope) return 'No files to rename';
    const plans = await this.rename.plan(scope);
    const count = await this.rename.execute(plans, (message) => context.progress(message));
    return `Renamed ${count} files`;
  }
}

/** `RenameAuthor {authorIds}`. */
@Injectable()
@CommandHandler('RenameAuthor', { diskAccess: true })
export class RenameAuthorHandler implements CommandHandlerInstance {
  constructor(private readonly rename: RenameService) {}

  async execute(body: Record<string, unknown>, context: CommandContext): Promise<string> {
    const authorIds = commandAuthorIds(body);
    if (authorIds.length === 0) return 'No authors to rename';
    const plans = await this.rename.plan({ authorIds });
    const count = await this.rename.execute(plans, (message) => context.progress(message));
    return `Renamed ${count} files`;
  }
}
