import type { ChannelMessage } from '../hub/notification.types';
import type { NotificationEventType } from './notification-connection';

/** Readarr's notification titles per event (its NotificationBase constants). */
export const EVENT_TITLES: Record<Exclude<NotificationEventType, 'test'>, string> = {
  grab: 'Book Grabbed',
  download: 'Book Downloaded',
  upgrade: 'Book Downloaded',
  rename: 'Books Renamed',
  authorAdded: 'Author Added',
  authorDelete: 'Author Deleted',
  bookDelete: 'Book Deleted',
  bookFileDelete: 'Book File Deleted',
  bookFileDeleteForUpgrade: 'Book File Deleted',
  health: 'Health Check Failure',
  downloadFailure: 'Download Failed',
  importFailure: 'Import Failed',
  retag: 'Book File Tags Updated',
  applicationUpdate: 'Application Updated',
};

/** What the text-based connections (Discord, Telegram, Pushover, Gotify, Slack…) say about one event. */
export interface EventText {
  eventType: NotificationEventType;
  /** Readarr's title of the event (`Book Grabbed`…); the test's own title for the test event. */
  title: string;
  /** Readarr's message of the event (`Author - Book - [EPUB]`…). */
  message: string;
  /** The Readarr webhook fields of the event (author, books, release…), empty for the test. */
  payload: Record<string, any>;
  /** The event's other facts (a retag's changes, a failure's reason). */
  data: Record<string, any>;
}

const deleted = (what: 'Author' | 'Book', files: unknown) =>
  files === true ? `${what} removed and all files were deleted` : `${what} removed, files were not deleted`;

/** Readarr's `deletedFilesMessage` of an author or book delete. */
export function deletedFilesMessage(text: EventText): string {
  return deleted(text.eventType === 'authorDelete' ? 'Author' : 'Book', text.payload.deletedFiles);
}

const shown = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : '<missing>');

/** Readarr's grab message: `Author - Book + Book - [Quality]` (` Proper` for a second revision). */
function grabLine(author: string, titles: string[], quality: string | undefined, version: number | undefined) {
  return `${author} - ${titles.join(' + ')} - [${quality ?? 'Unknown'}${(version ?? 1) > 1 ? ' Proper' : ''}]`;
}

function messageOf(
  eventType: NotificationEventType,
  payload: Record<string, any>,
  data: Record<string, any>,
  fallback: string,
) {
  const author: string = payload.author?.name ?? '';
  switch (eventType) {
    case 'grab':
      return grabLine(
        author,
        (payload.books ?? []).map((book: { title: string }) => book.title),
        payload.release?.quality,
        payload.release?.qualityVersion,
      );
    case 'download':
    case 'upgrade':
      return `${author} - ${payload.book?.title ?? ''} (${(payload.bookFiles ?? []).length} Files Imported)`;
    case 'authorDelete':
      return `${author} - ${deleted('Author', payload.deletedFiles)}`;
    case 'bookDelete':
      return `${payload.book?.title ?? ''} - ${deleted('Book', payload.deletedFiles)}`;
    case 'bookFileDelete':
    case 'bookFileDeleteForUpgrade':
      return grabLine(author, [payload.book?.title ?? ''], payload.bookFile?.quality, payload.bookFile?.qualityVersion);
    case 'health':
      return String(payload.message ?? data.message ?? fallback);
    case 'downloadFailure':
      return String(data.message ?? fallback);
    case 'importFailure':
      return `Quire failed to Import all files for ${payload.sourceTitle ?? ''}`;
    case 'retag':
      return `${payload.bookFile?.path ?? ''}:\n${(
        (data.changes ?? []) as { field: string; oldValue: string; newValue: string }[]
      )
        .map((change) => `${change.field}: ${shown(change.oldValue)} → ${shown(change.newValue)}`)
        .join('\n')}`;
    case 'rename':
    case 'authorAdded':
    case 'applicationUpdate':
    case 'test':
      return fallback;
  }
}

/** The text of a stored event message, as Readarr words it. */
export function eventText(message: ChannelMessage): EventText {
  const { eventType, eventPriority: _priority, webhookPayload, ...data } = message.metadata;
  const type = eventType as NotificationEventType;
  const payload = (typeof webhookPayload === 'object' && webhookPayload !== null ? webhookPayload : {}) as Record<
    string,
    any
  >;
  if (type === 'test') return { eventType: type, title: message.title, message: message.body, payload, data };
  return {
    eventType: type,
    title: EVENT_TITLES[type] ?? message.title,
    message: messageOf(type, payload, data, message.body),
    payload,
    data,
  };
}

/** The body a message service sends: Readarr's message, or for an added author the author's name alone. */
export function messageBody(text: EventText): string {
  return text.eventType === 'authorAdded' ? String(text.payload.author?.name ?? '') : text.message;
}
