import { Logger } from '@nestjs/common';
import { DomainEvents } from '../../common/events/domain-events';
import { DatabaseVacuum } from '../../database/database-vacuum';
import { CommandContext, CommandHandler, CommandHandlerInstance } from '../command-handler.decorator';
import { CommandRetentionService } from '../command-retention.service';
import { HousekeepingEvent } from './housekeeping.event';

/**
 * Readarr's daily Housekeeping: old finished commands go, then every feature trims its own tables, and last
 * the database is vacuumed where nothing does it in the background (Readarr vacuums its SQLite files too).
 */
@CommandHandler('Housekeeping')
export class HousekeepingHandler implements CommandHandlerInstance {
  private readonly logger = new Logger(HousekeepingHandler.name);

  constructor(
    private readonly retention: CommandRetentionService,
    private readonly events: DomainEvents,
    private readonly vacuum: DatabaseVacuum,
  ) {}

  async execute(_body: object, context: CommandContext): Promise<string> {
    await context.progress('Removing old commands');
    const removed = await this.retention.trim();
    if (removed > 0) this.logger.log(`Removed ${removed} finished command(s)`);
    await context.progress('Running housekeeping tasks');
    await this.events.emitAsync(HousekeepingEvent.NAME, new HousekeepingEvent());
    await this.vacuum.whereNoAutovacuum((message) => context.progress(message));
    return 'Completed';
  }
}

/** Readarr trims its in-memory command list every 5 minutes; here it trims the table to the retention window. */
@CommandHandler('MessagingCleanup')
export class MessagingCleanupHandler implements CommandHandlerInstance {
  constructor(private readonly retention: CommandRetentionService) {}

  async execute(): Promise<string> {
    await this.retention.trim();
    return 'Completed';
  }
}
