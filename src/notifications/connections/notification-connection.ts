import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import type { ConnectionTarget } from '../hub/delivery/connection-targets';
import type { ChannelMessage, Priority } from '../hub/notification.types';
import { Provider, providerFailure } from '../../integrations/core/provider';

/** Readarr's notification events, by the `on*` flag that enables each. */
export const NOTIFICATION_EVENTS = {
  grab: { flag: 'onGrab', webhook: 'Grab' },
  download: { flag: 'onReleaseImport', webhook: 'Download' },
  upgrade: { flag: 'onUpgrade', webhook: 'Download' },
  rename: { flag: 'onRename', webhook: 'Rename' },
  authorAdded: { flag: 'onAuthorAdded', webhook: 'AuthorAdded' },
  authorDelete: { flag: 'onAuthorDelete', webhook: 'AuthorDelete' },
  bookDelete: { flag: 'onBookDelete', webhook: 'BookDelete' },
  bookFileDelete: { flag: 'onBookFileDelete', webhook: 'BookFileDelete' },
  bookFileDeleteForUpgrade: { flag: 'onBookFileDeleteForUpgrade', webhook: 'BookFileDelete' },
  health: { flag: 'onHealthIssue', webhook: 'Health' },
  downloadFailure: { flag: 'onDownloadFailure', webhook: 'DownloadFailure' },
  importFailure: { flag: 'onImportFailure', webhook: 'ImportFailure' },
  retag: { flag: 'onBookRetag', webhook: 'Retag' },
  applicationUpdate: { flag: 'onApplicationUpdate', webhook: 'ApplicationUpdate' },
} as const;

export type NotificationEventType = keyof typeof NOTIFICATION_EVENTS | 'test';
export const ON_FLAGS = [...new Set(Object.values(NOTIFICATION_EVENTS).map((event) => event.flag))];

/** What Readarr's message services (Telegram, Pushover) are told of: every event but renames and retags. */
export const MESSAGE_SERVICE_FLAGS = [
  'onGrab',
  'onReleaseImport',
  'onUpgrade',
  'onAuthorAdded',
  'onAuthorDelete',
  'onBookDelete',
  'onBookFileDelete',
  'onBookFileDeleteForUpgrade',
  'onHealthIssue',
  'onDownloadFailure',
  'onImportFailure',
  'onApplicationUpdate',
];

/**
 * The event types library events are delivered as: Readarr's, plus `healthRestored`, for which Readarr has no
 * flag; it reaches only the hub (QuireHub connections with `onHealthIssue`, or the routing table).
 */
export type LibraryEventType = Exclude<NotificationEventType, 'test'> | 'healthRestored';

/**
 * Who an event is about, for connection tags (Readarr's ShouldHandleAuthor): `all` for events about no author
 * that every connection gets whatever its tags (health); otherwise the authors, and their tags when the event
 * carries them (the author is gone already). A connection with tags gets the event when one of the authors shares
 * one; without known authors (an import failure of an unmatched download), only connections without tags get it.
 */
export type EventAudience = 'all' | { authorIds: number[]; tags?: number[] };

/** A library event as it is delivered: the message, the flags it needs and who it is about. */
export interface LibraryNotification {
  eventType: LibraryEventType;
  title: string;
  /** Markdown. */
  body: string;
  priority?: Priority;
  /** The event's facts: the hub stores them as metadata, webhooks send them as Readarr's payload fields. */
  data: Record<string, unknown>;
  /** `on*` flags a connection needs besides its event type's own (an upgrade also needs `onUpgrade`). */
  alsoRequires?: string[];
  audience: EventAudience;
  /** Health events: the issue is an error (a warning or notice reaches only connections with includeHealthWarnings). */
  healthError?: boolean;
}

/** The hub's source agent for the library's own notifications. */
export const LIBRARY_SOURCE_AGENT = 'quire';

/** One event to deliver: a rendered title/body plus the event's data (Readarr payload fields for webhooks). */
export interface ConnectionEvent {
  eventType: NotificationEventType;
  title: string;
  body: string;
  priority?: 'low' | 'normal' | 'high' | 'urgent';
  data: Record<string, unknown>;
}

export interface NotificationConnection<S extends object = object> extends Provider<S> {
  /** The `on*` flags this implementation supports (its `supportsOn*`). */
  readonly supports: readonly string[];
  /**
   * The hub channel deliveries this connection makes for a message (one per ntfy topic, one otherwise), with
   * the channel settings derived from the connection's settings. Library events go through the hub's durable
   * dispatcher with these (read again at every attempt, so no secret is stored in hub rows). Absent for
   * connections that are not a channel target (QuireHub hands events to the routing table instead).
   */
  targets?(settings: S, message: ChannelMessage): ConnectionTarget[];
  /** Sends directly, now (the `test` action, as Readarr's test is synchronous); throws on failure. */
  send(event: ConnectionEvent, settings: S): Promise<void>;
}

/** The stored hub message of a library event for notification connections (source_agent `quire`). */
export function connectionMessage(event: ConnectionEvent): ChannelMessage {
  return {
    title: event.title,
    body: event.body,
    priority: event.priority ?? 'normal',
    sourceAgent: LIBRARY_SOURCE_AGENT,
    // eventPriority only when the event set one: otherwise a connection's own default priority applies.
    metadata: {
      ...event.data,
      eventType: event.eventType,
      ...(event.priority ? { eventPriority: event.priority } : {}),
    },
  };
}

/** The event data of a stored message (its metadata without the keys connectionMessage added). */
export function eventData(message: ChannelMessage): Record<string, unknown> {
  const { eventType: _type, eventPriority: _priority, ...data } = message.metadata;
  return data;
}

export const TEST_EVENT: ConnectionEvent = {
  eventType: 'test',
  title: 'Test Notification',
  body: 'This is a test message from Quire',
  data: {},
};

/** `test` = send the test event; a failure becomes one validation failure (no secrets in messages). */
export async function sendTest<S extends object>(
  connection: NotificationConnection<S>,
  settings: S,
  property = '',
): Promise<ValidationFailure[]> {
  try {
    await connection.send(TEST_EVENT, settings);
    return [];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return [providerFailure(property, `Unable to send test message: ${message}`)];
  }
}
