/** An author's record and books were refreshed from the metadata source and something changed. */
export class AuthorRefreshedEvent {
  static readonly NAME = 'author.refreshed';
  constructor(
    readonly authorId: number,
    readonly addedBookIds: number[],
    readonly updatedBookIds: number[],
  ) {}
}

/** A new author's first refresh is done: its books are in the library (Readarr's onAuthorAdded). */
export class AuthorAddCompletedEvent {
  static readonly NAME = 'author.addCompleted';
  constructor(
    readonly authorId: number,
    readonly foreignAuthorId: string,
    readonly name: string,
    readonly bookCount: number,
  ) {}
}

declare module '../../../platform/common/events/domain-event-map' {
  interface DomainEventMap {
    [AuthorRefreshedEvent.NAME]: AuthorRefreshedEvent;
    [AuthorAddCompletedEvent.NAME]: AuthorAddCompletedEvent;
  }
}
