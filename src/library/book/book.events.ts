export class BookAddedEvent {
  static readonly NAME = 'book.added';
  constructor(
    readonly bookId: number,
    readonly authorId: number,
  ) {}
}

export class BookDeletedEvent {
  static readonly NAME = 'book.deleted';
  constructor(
    readonly bookId: number,
    readonly authorId: number,
    readonly foreignBookId: string,
    readonly title: string,
    readonly deleteFiles: boolean,
  ) {}
}

export class BookEditedEvent {
  static readonly NAME = 'book.edited';
  constructor(readonly bookIds: number[]) {}
}

declare module '../../platform/common/events/domain-event-map' {
  interface DomainEventMap {
    [BookAddedEvent.NAME]: BookAddedEvent;
    [BookDeletedEvent.NAME]: BookDeletedEvent;
    [BookEditedEvent.NAME]: BookEditedEvent;
  }
}
