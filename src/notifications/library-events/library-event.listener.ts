import { Injectable, Logger } from '@nestjs/common';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import { AuthorDeletedEvent } from '../../library/author/author.events';
import { BookDeletedEvent } from '../../library/book/book.events';
import { BookFileDeletedEvent } from '../../library/book-file/book-file.events';
import { BookImportedEvent, DownloadImportFailedEvent } from '../../files/import/import.events';
import { AuthorAddCompletedEvent } from '../../metadata/source/refresh/refresh.events';
import { BookFileRetaggedEvent, BookFilesRenamedEvent } from '../../files/organizer/organizer.events';
import { LibraryEventDelivery } from '../connections/library-event-delivery.service';
import { LIBRARY_SOURCE_AGENT } from '../connections/notification-connection';
import { BookGrabbedEvent, DownloadFailedEvent } from '../../acquisition/queue/download.events';
import { HealthIssuesChangedEvent } from '../../platform/system/health/health.events';
import * as messages from './library-messages';
import type { LibraryMessage } from './library-messages';
import { WebhookPayloads } from './webhook-payloads';
import type { WebhookPayloadFields } from './webhook-payload.types';

export { LIBRARY_SOURCE_AGENT };

/**
 * The one place domain events become notifications: each event is turned into a message
 * (`library-messages.ts`) that goes to the notification connections whose `on*` flags and tags want it, QuireHub
 * connections included (or, while there is none, to the hub's routing table; `LibraryEventDelivery`). Sending never blocks the feature that emitted: the work runs in the
 * background, and `idle()` lets tests wait for the first attempts.
 */
@Injectable()
export class LibraryEventListener {
  private readonly logger = new Logger('NotificationHub');
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly delivery: LibraryEventDelivery,
    private readonly payloads: WebhookPayloads,
  ) {}

  @OnDomainEvent(BookGrabbedEvent.NAME)
  onGrabbed(event: BookGrabbedEvent): void {
    this.publish(messages.grabbedMessage(event), () => this.payloads.grab(event));
  }

  @OnDomainEvent(DownloadFailedEvent.NAME)
  onDownloadFailed(event: DownloadFailedEvent): void {
    this.publish(messages.downloadFailedMessage(event), () => this.payloads.downloadFailed(event));
  }

  @OnDomainEvent(DownloadImportFailedEvent.NAME)
  onImportFailed(event: DownloadImportFailedEvent): void {
    this.publish(messages.importFailedMessage(event), () => this.payloads.importFailed(event));
  }

  @OnDomainEvent(BookImportedEvent.NAME)
  onImported(event: BookImportedEvent): void {
    this.publish(messages.importedMessage(event), () => this.payloads.imported(event));
  }

  @OnDomainEvent(BookFilesRenamedEvent.NAME)
  onRenamed(event: BookFilesRenamedEvent): void {
    for (const message of messages.renamedMessages(event))
      this.publish(message, () => this.payloads.renamed(message.data.authorId as number, event.files));
  }

  @OnDomainEvent(BookFileRetaggedEvent.NAME)
  onRetagged(event: BookFileRetaggedEvent): void {
    this.publish(messages.retaggedMessage(event), async () => this.payloads.retagged(event));
  }

  @OnDomainEvent(AuthorAddCompletedEvent.NAME)
  onAuthorAdded(event: AuthorAddCompletedEvent): void {
    this.publish(messages.authorAddedMessage(event), () => this.payloads.authorAdded(event));
  }

  @OnDomainEvent(AuthorDeletedEvent.NAME)
  onAuthorDeleted(event: AuthorDeletedEvent): void {
    this.publish(messages.authorDeletedMessage(event), async () => this.payloads.authorDeleted(event));
  }

  @OnDomainEvent(BookDeletedEvent.NAME)
  onBookDeleted(event: BookDeletedEvent): void {
    this.publish(messages.bookDeletedMessage(event), () => this.payloads.bookDeleted(event));
  }

  @OnDomainEvent(BookFileDeletedEvent.NAME)
  onBookFileDeleted(event: BookFileDeletedEvent): void {
    this.publish(messages.bookFileDeletedMessage(event), () => this.payloads.bookFileDeleted(event));
  }

  @OnDomainEvent(HealthIssuesChangedEvent.NAME)
  onHealthChanged(event: HealthIssuesChangedEvent): void {
    for (const message of messages.healthMessages(event))
      this.publish(message, async () => this.payloads.health(message.data as never));
  }

  /** Resolves once every message published so far has had its first delivery attempts. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /**
   * Delivers in the background; the event's Readarr webhook fields go into its data first (`webhookPayload`), read
   * from the library now, while the rows the event is about are as the event left them.
   */
  private publish(message: LibraryMessage, payload: () => Promise<WebhookPayloadFields>): void {
    const sending = this.withPayload(message, payload)
      .then((full) => this.delivery.deliver(full))
      .then(
        () => undefined,
        // Nothing may reject into the emitter's process: a failure is logged, like the hub's own.
        (error: unknown) => this.logger.error(`${message.eventType} notification failed: ${String(error)}`),
      );
    this.pending.add(sending);
    void sending.finally(() => this.pending.delete(sending));
  }

  private async withPayload(
    message: LibraryMessage,
    payload: () => Promise<WebhookPayloadFields>,
  ): Promise<LibraryMessage> {
    try {
      return { ...message, data: { ...message.data, webhookPayload: await payload() } };
    } catch (error) {
      // The other connections still get the event; webhooks then send its facts as they are.
      this.logger.warn(`${message.eventType}: webhook payload not built: ${String(error)}`);
      return message;
    }
  }
}
