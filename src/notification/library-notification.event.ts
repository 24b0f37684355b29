import type { Priority } from './notification.types';

/**
 * Emitted by library features (book grabbed, imported, health issue…) to notify the user through the
 * hub: `eventEmitter.emit(LibraryNotificationEvent.NAME, new LibraryNotificationEvent({...}))`.
 * The hub dispatches it with source_agent "quire" through the routing table.
 */
export class LibraryNotificationEvent {
  static readonly NAME = 'library.notification';

  readonly title: string;
  /** Markdown. */
  readonly body: string;
  readonly priority?: Priority;
  /** e.g. grab, download, bookFileDelete, health (Readarr's notification event names). */
  readonly eventType: string;
  readonly metadata?: Record<string, unknown>;

  constructor(init: {
    title: string;
    body: string;
    priority?: Priority;
    eventType: string;
    metadata?: Record<string, unknown>;
  }) {
    this.title = init.title;
    this.body = init.body;
    this.priority = init.priority;
    this.eventType = init.eventType;
    this.metadata = init.metadata;
  }
}
