import type { AuthorDeletedEvent } from '../../library/author/author.events';
import type { BookDeletedEvent } from '../../library/book/book.events';
import type { BookFileDeletedEvent } from '../../library/book-file/book-file.events';
import type { BookImportedEvent, DownloadImportFailedEvent } from '../../files/import/import.events';
import type { AuthorAddCompletedEvent } from '../../metadata/source/refresh/refresh.events';
import type { BookFileRetaggedEvent, BookFilesRenamedEvent } from '../../files/organizer/organizer.events';
import { qualityById } from '../../library/profile/quality/quality';
import type { EventAudience, LibraryNotification } from '../connections/notification-connection';
import type { BookGrabbedEvent, DownloadFailedEvent } from '../../acquisition/queue/download.events';
import type { HealthIssuesChangedEvent } from '../../platform/system/health/health.events';

/**
 * What the user is told about one domain event: the text, the Readarr event type that picks the connections
 * (`grab` → `onGrab`…) and who the event is about (connection tags). `healthRestored` goes to the hub only
 * (Readarr has no flag for it).
 */
export type LibraryMessage = LibraryNotification;

const about = (...authorIds: (number | null | undefined)[]): EventAudience => ({
  authorIds: authorIds.filter((id): id is number => typeof id === 'number'),
});

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export function grabbedMessage({ init }: BookGrabbedEvent): LibraryMessage {
  return {
    eventType: 'grab',
    title: 'Book grabbed',
    body:
      `**${init.authorName}** – ${init.bookTitles.join(', ')}\n\n` +
      `${init.release.title} (${init.quality.quality.name}) from ${init.release.indexer}, sent to ${init.downloadClient}`,
    data: { ...init },
    audience: about(init.authorId),
  };
}

export function downloadFailedMessage({ init }: DownloadFailedEvent): LibraryMessage {
  return {
    eventType: 'downloadFailure',
    title: 'Download failed',
    body: `**${init.sourceTitle}**\n\n${init.message}`,
    priority: 'high',
    data: { authorId: init.authorId, bookIds: init.bookIds, downloadId: init.downloadId, message: init.message },
    audience: about(init.authorId),
  };
}

export function importFailedMessage({ init }: DownloadImportFailedEvent): LibraryMessage {
  return {
    eventType: 'importFailure',
    title: 'Import failed',
    body: `${init.title}\n\n${init.messages.map((message) => `- ${message}`).join('\n')}`,
    data: { downloadId: init.downloadId, bookIds: init.bookIds },
    audience: about(init.authorId),
  };
}

/** Readarr sends an upgrade to connections with `onReleaseImport` and `onUpgrade`. */
export function importedMessage({ init }: BookImportedEvent): LibraryMessage {
  return {
    eventType: 'download',
    title: init.isUpgrade ? 'Book upgraded' : 'Book imported',
    body: `${init.authorName} — ${init.bookTitle} (${qualityById(init.qualityId)?.name ?? 'Unknown'})`,
    data: { authorId: init.authorId, bookId: init.bookId, bookFileId: init.bookFileId, path: init.path },
    audience: about(init.authorId),
    ...(init.isUpgrade ? { alsoRequires: ['onUpgrade'] } : {}),
  };
}

/** One message per author, as Readarr announces a rename per author (so tags pick exactly the authors' ones). */
export function renamedMessages(event: BookFilesRenamedEvent): LibraryMessage[] {
  const byAuthor = new Map<number, number>();
  for (const file of event.files) byAuthor.set(file.authorId, (byAuthor.get(file.authorId) ?? 0) + 1);
  return [...byAuthor].map(([authorId, count]) => ({
    eventType: 'rename',
    title: 'Books renamed',
    body: `${plural(count, 'file')} renamed`,
    data: { authorId },
    audience: about(authorId),
  }));
}

export function authorAddedMessage(event: AuthorAddCompletedEvent): LibraryMessage {
  return {
    eventType: 'authorAdded',
    title: 'Author added',
    body: `**${event.name}** was added with ${plural(event.bookCount, 'book')}.`,
    data: { authorId: event.authorId, foreignAuthorId: event.foreignAuthorId },
    audience: about(event.authorId),
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
    // The author is gone by now: its tags come with the event.
    audience: { authorIds: [event.authorId], tags: event.tags },
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
    audience: about(event.authorId),
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
    audience: about(event.authorId),
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
      // Readarr sends health issues to every connection that wants them, whatever its tags.
      audience: 'all',
      healthError: issue.type === 'error',
    })),
    ...event.resolved.map((issue): LibraryMessage => ({
      eventType: 'healthRestored',
      title: 'Health Check Restored',
      body: `The following issue is now resolved: ${issue.message}`,
      priority: 'low',
      data: { ...issue },
      audience: 'all',
      healthError: issue.type === 'error',
    })),
  ];
}

const tagValue = (value: string) => value || '(none)';

/**
 * One file's tags were written. The data has Readarr's webhook `author` and `bookFile` objects (its Retag payload)
 * besides the ids and what changed.
 */
export function retaggedMessage({ init }: BookFileRetaggedEvent): LibraryMessage {
  const { author, book, bookFile } = init;
  const quality = qualityById(bookFile.qualityId)?.name ?? 'Unknown';
  return {
    eventType: 'retag',
    title: 'Book file retagged',
    body:
      `**${author.name}** – ${book.title}\n\n${bookFile.path}\n\n` +
      init.changes
        .map((change) => `- ${change.field}: ${tagValue(change.oldValue)} → ${tagValue(change.newValue)}`)
        .join('\n'),
    data: {
      authorId: author.id,
      bookId: book.id,
      bookFileId: bookFile.id,
      author: { id: author.id, name: author.name, path: author.path, goodreadsId: author.foreignAuthorId },
      book: { id: book.id, title: book.title, goodreadsId: book.foreignBookId },
      bookFile: {
        id: bookFile.id,
        path: bookFile.path,
        quality,
        qualityVersion: bookFile.qualityRevision?.version ?? 1,
        releaseGroup: bookFile.releaseGroup,
        sceneName: bookFile.sceneName,
        size: bookFile.size,
        dateAdded: bookFile.dateAdded ? new Date(bookFile.dateAdded).toISOString() : null,
      },
      changes: init.changes,
      scrubbed: init.scrubbed,
    },
    audience: about(author.id),
  };
}
