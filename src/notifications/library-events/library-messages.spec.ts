import { AuthorDeletedEvent } from '../../library/author/author.events';
import { BookFileDeletedEvent } from '../../library/book-file/book-file.events';
import { BookImportedEvent } from '../../files/import/import.events';
import { HealthIssuesChangedEvent } from '../../platform/system/health/health.events';
import { authorDeletedMessage, bookFileDeletedMessage, healthMessages, importedMessage } from './library-messages';

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

  it('an author deletion says whether the files went too', () => {
    const message = authorDeletedMessage(
      new AuthorDeletedEvent(1, 'OL1A', 'Jane Austen', '/books/Jane Austen', true, false),
    );
    expect(message).toMatchObject({ eventType: 'authorDelete', data: { authorId: 1, deletedFiles: true } });
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
});
