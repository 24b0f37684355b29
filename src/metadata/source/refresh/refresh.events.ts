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
    [AuthorAddCompletedEvent.NAME]: AuthorAddCompletedEvent;
  }
}
