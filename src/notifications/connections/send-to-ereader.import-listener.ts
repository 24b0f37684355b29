import { Injectable, Logger } from '@nestjs/common';
import { BookImportedEvent } from '../../files/import/import.events';
import { CommandQueueService } from '../../platform/command/command-queue.service';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import { NotificationService } from './notification.service';
import { SEND_TO_EREADER } from './send-to-ereader.service';
import { SendToEReaderRepository } from './send-to-ereader.repository';

/**
 * The automatic half of Send to E-Reader: a book file imported into the library is queued as a `SendToEReader`
 * command for every such connection with `onReleaseImport` whose tags match the author's. The command picks,
 * checks and sends the file, and its message reports the outcome (also when the file is too large or in no
 * acceptable format).
 */
@Injectable()
export class SendToEReaderImportListener {
  private readonly logger = new Logger(SendToEReaderImportListener.name);

  constructor(
    private readonly notifications: NotificationService,
    private readonly repository: SendToEReaderRepository,
    private readonly commands: CommandQueueService,
  ) {}

  @OnDomainEvent(BookImportedEvent.NAME, { async: true, promisify: true })
  async onImported(event: BookImportedEvent): Promise<void> {
    try {
      const connections = (await this.notifications.listEnabled()).filter(
        (definition) => definition.implementation === SEND_TO_EREADER && definition.options.onReleaseImport === true,
      );
      if (connections.length === 0) return;
      const tags = await this.repository.authorTags(event.init.authorId);
      for (const connection of connections) {
        if (connection.tags.length && !connection.tags.some((tag) => tags.includes(tag))) continue;
        await this.commands.enqueue(SEND_TO_EREADER, {
          bookFileIds: [event.init.bookFileId],
          connectionId: connection.id,
        });
      }
    } catch (error) {
      this.logger.error(`Send to e-reader after import not queued: ${(error as Error).message}`);
    }
  }
}
