import { Injectable } from '@nestjs/common';
import { CommandHandler, type CommandContext, type CommandHandlerInstance } from '../command/command-handler.decorator';
import { BadRequestError } from '../common/errors/domain-errors';
import { RetagService } from './retag.service';

function intArray(value: unknown, field: string): number[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => !Number.isInteger(v)))
    throw new BadRequestError(`${field} must be an array of integers`);
  return value as number[];
}

/** `RetagFiles {authorId, files}` (MP3 only; other formats are skipped). */
@Injectable()
@CommandHandler('RetagFiles', { diskAccess: true })
export class RetagFilesHandler implements CommandHandlerInstance {
  constructor(private readonly retag: RetagService) {}

  async execute(body: Record<string, unknown>, context: CommandContext): Promise<string> {
    const files = intArray(body.files, 'files');
    const authorId = Number(body.authorId ?? 0);
    if (files.length === 0) return 'No files to retag';
    const plans = await this.retag.plan({ authorIds: authorId > 0 ? [authorId] : undefined, bookFileIds: files });
    return `Retagged ${await this.retag.execute(plans, (message) => context.progress(message))} files`;
  }
}

/** `RetagAuthor {authorIds}`. */
@Injectable()
@CommandHandler('RetagAuthor', { diskAccess: true })
export class RetagAuthorHandler implements CommandHandlerInstance {
  constructor(private readonly retag: RetagService) {}

  async execute(body: Record<string, unknown>, context: CommandContext): Promise<string> {
    const authorIds = intArray(body.authorIds, 'authorIds');
    if (authorIds.length === 0) return 'No authors to retag';
    const plans = await this.retag.plan({ authorIds });
    return `Retagged ${await this.retag.execute(plans, (message) => context.progress(message))} files`;
  }
}
