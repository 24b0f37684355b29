import { BookImportedEvent } from '../../src/files/import/import.events';
import { AuthorAddCompletedEvent } from '../../src/metadata/source/refresh/refresh.events';
import { NotificationDispatcher } from '../../src/notifications/hub/dispatcher.service';
import {
  LIBRARY_SOURCE_AGENT,
  LibraryEventListener,
} from '../../src/notifications/library-events/library-event.listener';
import { BookFilesRenamedEvent } from '../../src/files/organizer/organizer.events';
import { qualityModel } from '../../src/acquisition/parser/quality-model';
import type { DomainEventMap, DomainEventName } from '../../src/platform/common/events/domain-event-map';
import { DomainEvents } from '../../src/platform/common/events/domain-events';
import { BookGrabbedEvent } from '../../src/acquisition/queue/download.events';
import type { TestApp } from './create-test-app';

/** Domain events as features emit them, for specs about what the notifier makes of them. */
export const libraryEvents = {
  grabbed: (releaseTitle = 'Dune.epub') =>
    new BookGrabbedEvent({
      trackedDownloadId: 1,
      authorId: 1,
      authorName: 'Frank Herbert',
      bookIds: [1],
      bookTitles: ['Dune'],
      release: {
        guid: 'guid-1',
        title: releaseTitle,
        indexerId: 1,
        indexer: 'Fake Indexer',
        downloadUrl: 'http://127.0.0.1:1/dune.nzb',
        size: 1000,
        protocol: 'usenet',
        indexerFlags: 0,
      },
      quality: qualityModel(3),
      customFormatIds: [],
      customFormatScore: 0,
      downloadClientId: 1,
      downloadClient: 'Fake Client',
      downloadId: 'download-1',
      downloadForced: false,
    }),
  imported: (isUpgrade = false) =>
    new BookImportedEvent({
      authorId: 2,
      bookId: 7,
      bookFileId: 3,
      path: '/books/Jane Austen/Emma.epub',
      sourcePath: '/downloads/Emma.epub',
      qualityId: 3,
      isUpgrade,
      authorName: 'Jane Austen',
      bookTitle: 'Emma',
    }),
  renamed: () =>
    new BookFilesRenamedEvent([
      { bookFileId: 3, authorId: 2, bookId: 7, previousPath: '/books/a/Emma.epub', path: '/books/b/Emma.epub' },
    ]),
  authorAdded: () => new AuthorAddCompletedEvent(2, 'OL21594A', 'Jane Austen', 6),
};

/** Emits a domain event and waits until the notifier's first delivery attempts for it are over. */
export async function emitLibraryEvent(t: TestApp, event: DomainEventMap[DomainEventName]) {
  const name = (event.constructor as unknown as { NAME: DomainEventName }).NAME;
  await t.app.get(DomainEvents).emitAsync(name, event);
  await t.app.get(LibraryEventListener).idle();
}

export interface RecordedLibraryNotification {
  title: string;
  body: string;
  priority?: string;
  eventType: unknown;
  metadata: Record<string, unknown>;
}

/**
 * Records the notifications the notifier hands to the hub's routing (source_agent `quire`) from now on, with the
 * Readarr event type they were made for; the dispatcher still sends them.
 */
export function recordLibraryNotifications(t: TestApp): RecordedLibraryNotification[] {
  const recorded: RecordedLibraryNotification[] = [];
  const dispatcher = t.app.get(NotificationDispatcher);
  const dispatch = dispatcher.dispatch.bind(dispatcher);
  jest.spyOn(dispatcher, 'dispatch').mockImplementation((request, options) => {
    if (request.sourceAgent === LIBRARY_SOURCE_AGENT) {
      const { event_type: eventType, ...metadata } = request.metadata ?? {};
      recorded.push({ title: request.title, body: request.body, priority: request.priority, eventType, metadata });
    }
    return dispatch(request, options);
  });
  return recorded;
}
