import { Injectable, Logger } from '@nestjs/common';
import type { Author } from '../../../library/author/author.entity';
import { DomainEvents } from '../../../platform/common/events/domain-events';
import { CommandQueueService } from '../../../platform/command/command-queue.service';
import type { RemoteAuthor } from '../metadata-source';
import type { WriteOutcome } from './catalogue-plan';
import { AuthorRefreshedEvent } from '../../../library/author/author.events';
import { AuthorAddCompletedEvent } from './refresh.events';

/**
 * What follows a committed RefreshAuthor: `author.refreshed` when rows changed; for a new author
 * `author.addCompleted` and, when the user asked for it on adding, an AuthorSearch.
 */
@Injectable()
export class AuthorRefreshAnnouncer {
  private readonly logger = new Logger(AuthorRefreshAnnouncer.name);

  constructor(
    private readonly events: DomainEvents,
    private readonly commands: CommandQueueService,
  ) {}

  async announce(author: Author, remote: RemoteAuthor, outcome: WriteOutcome, isNewAuthor: boolean): Promise<void> {
    if (outcome.changedRows > 0)
      this.events.emit(
        AuthorRefreshedEvent.NAME,
        new AuthorRefreshedEvent(author.id, outcome.addedBookIds, outcome.updatedBookIds),
      );
    if (isNewAuthor) await this.announceNewAuthor(author, remote, outcome.addedBookIds.length);
  }

  private async announceNewAuthor(author: Author, remote: RemoteAuthor, bookCount: number): Promise<void> {
    this.events.emit(
      AuthorAddCompletedEvent.NAME,
      new AuthorAddCompletedEvent(author.id, remote.foreignAuthorId, remote.name, bookCount),
    );
    if (author.addOptions?.searchForMissingBooks) {
      await this.commands.enqueue('AuthorSearch', { authorId: author.id }).catch((error: unknown) => {
        this.logger.warn(`AuthorSearch for ${remote.name} not queued: ${(error as Error).message}`);
      });
    }
  }
}
