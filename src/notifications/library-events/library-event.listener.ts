import { Injectable, Logger } from '@nestjs/common';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import { AuthorDeletedEvent } from '../../library/author/author.events';
import { BookDeletedEvent } from '../../library/book/book.events';
import { BookFileDeletedEvent } from '../../library/book-file/book-file.events';
import { BookImportedEvent, DownloadImportFailedEvent } from '../../files/import/import.events';
import { AuthorAddCompletedEvent } from '../../metadata/source/refresh/refresh.events';
import { NotificationDispatcher } from '../hub/dispatcher.service';
import { BookFilesRenamedEvent } from '../../files/organizer/organizer.events';
import { NotificationService } from '../connections/notification.service';
import { BookGrabbedEvent, DownloadFailedEvent } from '../../acquisition/queue/download.events';
import { HealthIssuesChangedEvent } from '../../platform/system/health/health.events';
import * as messages from './library-messages';
import type { LibraryMessage } from './library-messages';

/** The hub's source agent for the library's own notifications. */
export const LIBRARY_SOURCE_AGENT = 'quire';

/**
 * The one place domain events become notifications: each event is turned into a message
 * (`library-messages.ts`) that goes to the hub's routing table (source_agent `quire`) and to the notification
 * connections whose `on*` flags want it. Sending never blocks the feature that emitted: the work runs in the
 * background, and `idle()` lets tests wait for the first attempts.
 */
@Injectable()
export class LibraryEventListener {
  private readonly logger = new Logger('NotificationHub');
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly dispatcher: NotificationDispatcher,
    private readonly connections: NotificationService,
  ) {}

  @OnDomainEvent(BookGrabbedEvent.NAME)
  onGrabbed(event: BookGrabbedEvent): void {
    this.publish(messages.grabbedMessage(event));
  }

  @OnDomainEvent(DownloadFailedEvent.NAME)
  onDownloadFailed(event: DownloadFailedEvent): void {
    this.publish(messages.downloadFailedMessage(event));
  }

  @OnDomainEvent(DownloadImportFailedEvent.NAME)
  onImportFailed(event: DownloadImportFailedEvent): void {
    this.publish(messages.importFailedMessage(event));
  }

  @OnDomainEvent(BookImportedEvent.NAME)
  onImported(event: BookImportedEvent): void {
    this.publish(messages.importedMessage(event));
  }

  @OnDomainEvent(BookFilesRenamedEvent.NAME)
  onRenamed(event: BookFilesRenamedEvent): void {
    this.publish(messages.renamedMessage(event));
  }

  @OnDomainEvent(AuthorAddCompletedEvent.NAME)
  onAuthorAdded(event: AuthorAddCompletedEvent): void {
    this.publish(messages.authorAddedMessage(event));
  }

  @OnDomainEvent(AuthorDeletedEvent.NAME)
  onAuthorDeleted(event: AuthorDeletedEvent): void {
    this.publish(messages.authorDeletedMessage(event));
  }

  @OnDomainEvent(BookDeletedEvent.NAME)
  onBookDeleted(event: BookDeletedEvent): void {
    this.publish(messages.bookDeletedMessage(event));
  }

  @OnDomainEvent(BookFileDeletedEvent.NAME)
  onBookFileDeleted(event: BookFileDeletedEvent): void {
    this.publish(messages.bookFileDeletedMessage(event));
  }

  @OnDomainEvent(HealthIssuesChangedEvent.NAME)
  onHealthChanged(event: HealthIssuesChangedEvent): void {
    for (const message of messages.healthMessages(event)) this.publish(message);
  }

  /** Resolves once every message published so far has had its first delivery attempts. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private publish(message: LibraryMessage): void {
    const sending = Promise.all([this.route(message), this.deliver(message)]).then(
      () => undefined,
      // Nothing may reject into the emitter's process: a failure is logged, like the hub's own.
      (error: unknown) => this.logger.error(`${message.eventType} notification failed: ${String(error)}`),
    );
    this.pending.add(sending);
    void sending.finally(() => this.pending.delete(sending));
  }

  /** Through the hub's routing table, like POST /notify. */
  private async route(message: LibraryMessage): Promise<void> {
    try {
      await this.dispatcher.dispatch({
        sourceAgent: LIBRARY_SOURCE_AGENT,
        title: message.title,
        body: message.body,
        priority: message.priority ?? 'normal',
        channels: [],
        metadata: { ...message.data, event_type: message.eventType },
      });
    } catch (error) {
      this.logger.error({
        event: 'notify.received',
        source_agent: LIBRARY_SOURCE_AGENT,
        error: `library notification not dispatched: ${(error as Error).message}`,
      });
    }
  }

  /** To the connections that want this event type (`deliver` logs its own failures). */
  private async deliver(message: LibraryMessage): Promise<void> {
    if (message.eventType === 'healthRestored') return;
    await this.connections.deliver(
      {
        eventType: message.eventType,
        title: message.title,
        body: message.body,
        priority: message.priority,
        data: message.data,
      },
      { alsoRequires: message.alsoRequires },
    );
  }
}
