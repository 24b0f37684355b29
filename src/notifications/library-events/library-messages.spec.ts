import { AuthorDeletedEvent } from '../../library/author/author.events';
import { BookFileDeletedEvent } from '../../library/book-file/book-file.events';
import { BookImportedEvent } from '../../files/import/import.events';
import { HealthIssuesChangedEvent } from '../../platform/system/health/health.events';
import { BookFileRetaggedEvent } from '../../files/organizer/organizer.events';
import {
  authorDeletedMessage,
  bookFileDeletedMessage,
  healthMessages,
  importedMessage,
  retaggedMessage,
} from './library-messages';

const imported = (isUpgrade: boolean) =>
  new BookImportedEvent({
    authorId: 1,
    bookId: 2,
    bookFileId: 3,
    path: '/books/Emma.epub',
    sourcePath: '/downloads/Emma.epub',
    qualityId: 3,
    isUpgrade,
    authorName: 'Jane Austen',
    bookTitle: 'Emma',
  });

describe('library messages', () => {
  it('an import is a download; an upgrade also needs onUpgrade', () => {
    expect(importedMessage(imported(false))).toEqual({
      eventType: 'download',
      title: 'Book imported',
      body: 'Jane Austen — Emma (EPUB)',
      data: { authorId: 1, bookId: 2, bookFileId: 3, path: '/books/Emma.epub' },
      audience: { authorIds: [1] },
    });
    expect(importedMessage(imported(true))).toMatchObject({ title: 'Book upgraded', alsoRequires: ['onUpgrade'] });
  });

  it('a file deleted for an upgrade also needs onBookFileDeleteForUpgrade; a manual delete does not', () => {
    expect(bookFileDeletedMessage(new BookFileDeletedEvent(3, 2, 1, '/books/Emma.epub'))).not.toHaveProperty(
      'alsoRequires',
    );
    expect(bookFileDeletedMessage(new BookFileDeletedEvent(3, 2, 1, '/books/Emma.epub', 'upgrade'))).toMatchObject({
      eventType: 'bookFileDelete',
      alsoRequires: ['onBookFileDeleteForUpgrade'],
      data: { reason: 'upgrade' },
    });
  });

  it('an author deletion says whether the files went too, and carries the tags of the author now gone', () => {
    const message = authorDeletedMessage(
      Object.assign(new AuthorDeletedEvent(1, 'OL1A', 'Jane Austen', '/books/Jane Austen', true, false), { tags: [4] }),
    );
    expect(message).toMatchObject({
      eventType: 'authorDelete',
      data: { authorId: 1, deletedFiles: true },
      audience: { authorIds: [1], tags: [4] },
    });
    expect(message.body).toBe('**Jane Austen** was removed from the library with its files.');
  });

  it('health: one message per new issue with its priority, one low one per resolved issue', () => {
    const error = { source: 'RootFolderCheck', type: 'error' as const, message: 'Missing root folder: /x' };
    const warning = { source: 'IndexerCheck', type: 'warning' as const, message: 'No indexers' };
    const messages = healthMessages(new HealthIssuesChangedEvent([error, warning], [warning]));
    expect(messages.map((message) => [message.eventType, message.priority, message.title])).toEqual([
      ['health', 'high', 'Health Check Failure'],
      ['health', 'normal', 'Health Check Failure'],
      ['healthRestored', 'low', 'Health Check Restored'],
    ]);
    expect(messages[2].body).toBe('The following issue is now resolved: No indexers');
  });

  it('a retag names the file and each change; the data has Readarr’s webhook author and bookFile', () => {
    const message = retaggedMessage(
      new BookFileRetaggedEvent({
        author: { id: 1, name: 'Andy Weir', path: '/books/Andy Weir', foreignAuthorId: 'OL1A' },
        book: { id: 2, title: 'Artemis', foreignBookId: 'OL2W' },
        bookFile: {
          id: 3,
          path: '/books/Andy Weir/artemis.mp3',
          qualityId: 10,
          qualityRevision: { version: 2, real: 0, isRepack: false },
          releaseGroup: null,
          sceneName: null,
          size: 1234,
          dateAdded: new Date('2024-05-01T10:00:00Z'),
        },
        changes: [
          { field: 'title', oldValue: 'Track 1', newValue: 'Artemis' },
          { field: 'year', oldValue: '', newValue: '2017' },
        ],
        scrubbed: false,
      }),
    );
    expect(message.body).toBe(
      '**Andy Weir** – Artemis\n\n/books/Andy Weir/artemis.mp3\n\n- title: Track 1 → Artemis\n- year: (none) → 2017',
    );
    expect(message).toMatchObject({
      eventType: 'retag',
      audience: { authorIds: [1] },
      data: {
        author: { id: 1, name: 'Andy Weir', path: '/books/Andy Weir', goodreadsId: 'OL1A' },
        bookFile: { id: 3, quality: 'MP3', qualityVersion: 2, size: 1234, dateAdded: '2024-05-01T10:00:00.000Z' },
      },
    });
  });
});
