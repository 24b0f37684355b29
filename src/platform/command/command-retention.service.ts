import { Injectable } from '@nestjs/common';
import { CommandRepository } from './command.repository';

/** Finished commands are kept this long (Readarr keeps them a day in its database). */
export const COMMAND_RETENTION_MS = 24 * 3600_000;

@Injectable()
export class CommandRetentionService {
  constructor(private readonly commands: CommandRepository) {}

  /** Deletes finished commands that ended before `now - retentionMs`; returns how many. */
  async trim(retentionMs = COMMAND_RETENTION_MS): Promise<number> {
    return this.commands.deleteEndedBefore(new Date(Date.now() - retentionMs));
  }
}
