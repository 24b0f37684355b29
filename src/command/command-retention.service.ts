import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CommandEntity } from './command.entity';

/** Finished commands are kept this long (Readarr keeps them a day in its database). */
export const COMMAND_RETENTION_MS = 24 * 3600_000;

@Injectable()
export class CommandRetentionService {
  constructor(@InjectRepository(CommandEntity) private readonly commands: Repository<CommandEntity>) {}

  /** Deletes finished commands that ended before `now - retentionMs`; returns how many. */
  async trim(retentionMs = COMMAND_RETENTION_MS): Promise<number> {
    const result = await this.commands
      .createQueryBuilder()
      .delete()
      .where(`status NOT IN ('queued', 'started') AND ended_at < :before`, {
        before: new Date(Date.now() - retentionMs),
      })
      .execute();
    return result.affected ?? 0;
  }
}
