import { Injectable, Logger } from '@nestjs/common';
import { OnDomainEvent } from '../../../platform/common/events/domain-events';
import { AuthorAddedEvent } from '../../../library/author/author.events';
import { BookAddedEvent } from '../../../library/book/book.events';
import { CommandQueueService } from '../../../platform/command/command-queue.service';

/**
 * Brings newly added authors and books up to date from the metadata source: `author.added` (POST /author,
 * POST /book with a new author) queues RefreshAuthor {isNewAuthor: true}, which adds the author's books per
 * the metadata profile and monitors them per addOptions; `book.added` queues RefreshBook.
 */
@Injectable()
export class LibraryEventsListener {
  private readonly logger = new Logger(LibraryEventsListener.name);

  constructor(private readonly commands: CommandQueueService) {}

  @OnDomainEvent(AuthorAddedEvent.NAME, { async: true, promisify: true })
  async authorAdded(event: AuthorAddedEvent): Promise<void> {
    await this.queue('RefreshAuthor', { authorId: event.author.id, isNewAuthor: true });
  }

  @OnDomainEvent(BookAddedEvent.NAME, { async: true, promisify: true })
  async bookAdded(event: BookAddedEvent): Promise<void> {
    await this.queue('RefreshBook', { bookId: event.bookId });
  }

  private async queue(name: string, body: Record<string, unknown>): Promise<void> {
    try {
      await this.commands.enqueue(name, body);
    } catch (error) {
      this.logger.error(`${name} ${JSON.stringify(body)} not queued: ${(error as Error).message}`);
    }
  }
}
