import { Injectable } from '@nestjs/common';
import { CommandHandler, type CommandContext, type CommandHandlerInstance } from '../command/command-handler.decorator';
import { BadRequestError } from '../common/errors/domain-errors';
import { RenameService } from './rename.service';

function intArray(value: unknown, field: string): number[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => !Number.isInteger(v)))
    throw new BadRequestError(`${field} must be an array of integers`);
  return value as number[];
}

/** `RenameFiles {authorId, files: bookFileIds}`. */
@Injectable()
@CommandHandler('RenameFiles', { diskAccess: true })
export class RenameFilesHandler implements CommandHandlerInstance {
  constructor(private readonly rename: RenameService) {}

  async execute(body: Record<string, unknown>, context: CommandContext): Promise<string> {
    const files = intArray(body.files, 'files');
    const authorId = Number(body.authorId ?? 0);
    if (files.length === 0) return 'No files to rename';
    const plans = await this.rename.plan({ authorIds: authorId > 0 ? [authorId] : undefined, bookFileIds: files });
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
    const authorIds = intArray(body.authorIds, 'authorIds');
    if (authorIds.length === 0) return 'No authors to rename';
    const plans = await this.rename.plan({ authorIds });
    const count = await this.rename.execute(plans, (message) => context.progress(message));
    return `Renamed ${count} files`;
  }
}
