import type { AuthorDeletedEvent } from '../../library/author/author.events';
import type { BookDeletedEvent } from '../../library/book/book.events';
import type { BookFileDeletedEvent } from '../../library/book-file/book-file.events';
import type { BookImportedEvent, DownloadImportFailedEvent } from '../../files/import/import.events';
import type { AuthorAddCompletedEvent } from '../../metadata/source/refresh/refresh.events';
import type { Priority } from '../hub/notification.types';
import type { BookFilesRenamedEvent } from '../../files/organizer/organizer.events';
import { qualityById } from '../../library/profile/quality/quality';
import type { NotificationEventType } from '../connections/notification-connection';
import type { BookGrabbedEvent, DownloadFailedEvent } from '../../acquisition/queue/download.events';
import type { HealthIssuesChangedEvent } from '../../platform/system/health/health.events';

/**
 * What the user is told about one domain event: the text, and the Readarr event type that picks the connections
 * (`grab` → `onGrab`…). `healthRestored` goes to the hub's routing table only (Readarr has no flag for it).
 */
export interface LibraryMessage {
  eventType: Exclude<NotificationEventType, 'test'> | 'healthRestored';
  title: string;
  /** Markdown. */
  body: string;
  priority?: Priority;
  /** The event's facts: the hub stores them as metadata, webhooks send them as Readarr's payload fields. */
  data: Record<string, unknown>;
  /** `on*` flags a connection needs besides its event type's own (an upgrade also needs `onUpgrade`). */
  alsoRequires?: string[];
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export function grabbedMessage({ init }: BookGrabbedEvent): LibraryMessage {
  return {
    eventType: 'grab',
    title: 'Book grabbed',
    body:
      `**${init.authorName}** – ${init.bookTitles.join(', ')}\n\n` +
      `${init.release.title} (${init.quality.quality.name}) from ${init.release.indexer}, sent to ${init.downloadClient}`,
    data: { ...init },
  };
}

export function downloadFailedMessage({ init }: DownloadFailedEvent): LibraryMessage {
  return {
    eventType: 'downloadFailure',
    title: 'Download failed',
    body: `**${init.sourceTitle}**\n\n${init.message}`,
    priority: 'high',
    data: { authorId: init.authorId, bookIds: init.bookIds, downloadId: init.downloadId, message: init.message },
  };
}

export function importFailedMessage({ init }: DownloadImportFailedEvent): LibraryMessage {
  return {
    eventType: 'importFailure',
    title: 'Import failed',
    body: `${init.title}\n\n${init.messages.map((message) => `- ${message}`).join('\n')}`,
    data: { downloadId: init.downloadId, bookIds: init.bookIds },
  };
}

/** Readarr sends an upgrade to connections with `onReleaseImport` and `onUpgrade`. */
export function importedMessage({ init }: BookImportedEvent): LibraryMessage {
  return {
    eventType: 'download',
    title: init.isUpgrade ? 'Book upgraded' : 'Book imported',
    body: `${init.authorName} — ${init.bookTitle} (${qualityById(init.qualityId)?.name ?? 'Unknown'})`,
    data: { authorId: init.authorId, bookId: init.bookId, bookFileId: init.bookFileId, path: init.path },
    ...(init.isUpgrade ? { alsoRequires: ['onUpgrade'] } : {}),
  };
}

export function renamedMessage(event: BookFilesRenamedEvent): LibraryMessage {
  return {
    eventType: 'rename',
    title: 'Books renamed',
    body: `${plural(event.files.length, 'file')} renamed`,
    data: {},
  };
}

export function authorAddedMessage(event: AuthorAddCompletedEvent): LibraryMessage {
  return {
    eventType: 'authorAdded',
    title: 'Author added',
    body: `**${event.name}** was added with ${plural(event.bookCount, 'book')}.`,
    data: { authorId: event.authorId, foreignAuthorId: event.foreignAuthorId },
  };
}

export function authorDeletedMessage(event: AuthorDeletedEvent): LibraryMessage {
  return {
    eventType: 'authorDelete',
    title: 'Author deleted',
    body: `**${event.name}** was removed from the library${event.deleteFiles ? ' with its files' : ''}.`,
    data: {
      authorId: event.authorId,
      foreignAuthorId: event.foreignAuthorId,
      name: event.name,
      path: event.path,
      deletedFiles: event.deleteFiles,
    },
  };
}

export function bookDeletedMessage(event: BookDeletedEvent): LibraryMessage {
  return {
    eventType: 'bookDelete',
    title: 'Book deleted',
    body: `**${event.title}** was removed from the library${event.deleteFiles ? ' with its files' : ''}.`,
    data: {
      bookId: event.bookId,
      authorId: event.authorId,
      foreignBookId: event.foreignBookId,
      title: event.title,
      deletedFiles: event.deleteFiles,
    },
  };
}

/** Readarr sends a file deleted for an upgrade only to connections with `onBookFileDeleteForUpgrade` too. */
export function bookFileDeletedMessage(event: BookFileDeletedEvent): LibraryMessage {
  const upgrade = event.reason === 'upgrade';
  return {
    eventType: 'bookFileDelete',
    title: 'Book file deleted',
    body: `${event.path}${upgrade ? '\n\nReplaced by an upgrade.' : ''}`,
    data: {
      bookFileId: event.bookFileId,
      bookId: event.bookId,
      authorId: event.authorId,
      path: event.path,
      reason: event.reason,
    },
    ...(upgrade ? { alsoRequires: ['onBookFileDeleteForUpgrade'] } : {}),
  };
}

/** One message per new issue (priority by its type) and one per resolved issue. */
export function healthMessages(event: HealthIssuesChangedEvent): LibraryMessage[] {
  return [
    ...event.added.map((issue): LibraryMessage => ({
      eventType: 'health',
      title: 'Health Check Failure',
      body: issue.message,
      priority: issue.type === 'error' ? 'high' : issue.type === 'warning' ? 'normal' : 'low',
      data: { ...issue },
    })),
    ...event.resolved.map((issue): LibraryMessage => ({
      eventType: 'healthRestored',
      title: 'Health Check Restored',
      body: `The following issue is now resolved: ${issue.message}`,
      priority: 'low',
      data: { ...issue },
    })),
  ];
}
