import { ValidationFailure } from '../../common/errors/domain-errors';
import { Provider, providerFailure } from '../core/provider';

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
  send(event: ConnectionEvent, settings: S): Promise<void>;
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
