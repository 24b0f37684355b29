import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { CommandQueueService } from '../../platform/command/command-queue.service';
import { NotificationService } from './notification.service';
import { SEND_TO_EREADER } from './send-to-ereader.service';
import { SendToEReaderRepository } from './send-to-ereader.repository';

/**
 * The payload of `book.imported` (BookImportedEvent in src/import/import.events.ts). Listened to by name: the
 * import feature depends on providers, so importing its class here would make the two folders a cycle.
 */
interface ImportedBook {
  init: { authorId: number; bookId: number; bookFileId: number };
}

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

  @OnEvent('book.imported', { async: true, promisify: true })
  async onImported(event: ImportedBook): Promise<void> {
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
