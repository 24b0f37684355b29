import type { Author } from './author.entity';

/** Published after an author was added (by POST /author, POST /book or a metadata import). */
export class AuthorAddedEvent {
  static readonly NAME = 'author.added';
  constructor(
    readonly author: Author,
    readonly foreignAuthorId: string,
    readonly name: string,
  ) {}
}

export class AuthorEditedEvent {
  static readonly NAME = 'author.edited';
  constructor(
    readonly author: Author,
    readonly previousPath: string,
  ) {}
}

/** Published after the author, its books, editions and file rows are gone from the database. */
export class AuthorDeletedEvent {
  static readonly NAME = 'author.deleted';
  constructor(
    readonly authorId: number,
    readonly foreignAuthorId: string,
    readonly name: string,
    readonly path: string,
    readonly deleteFiles: boolean,
    readonly addImportListExclusion: boolean,
  ) {}

  /** The author's tags, set by the publisher: the row is gone, and connections with tags decide by them. */
  tags: number[] = [];
}

/**
 * An author's record and books were refreshed from the metadata source and something changed. Published by the
 * metadata refresh; declared with the author's events so that the file writers, beside metadata, can listen.
 */
export class AuthorRefreshedEvent {
  static readonly NAME = 'author.refreshed';
  constructor(
    readonly authorId: number,
    readonly addedBookIds: number[],
    readonly updatedBookIds: number[],
  ) {}
}

declare module '../../platform/common/events/domain-event-map' {
  interface DomainEventMap {
    [AuthorAddedEvent.NAME]: AuthorAddedEvent;
    [AuthorEditedEvent.NAME]: AuthorEditedEvent;
    [AuthorDeletedEvent.NAME]: AuthorDeletedEvent;
    [AuthorRefreshedEvent.NAME]: AuthorRefreshedEvent;
  }
}
