/** A tag was added, relabelled or deleted (Readarr's TagsUpdatedEvent: clients reload the tag list). */
export class TagsUpdatedEvent {
  static readonly NAME = 'tags.updated';
  constructor(readonly tagId: number) {}
}

declare module '../../platform/common/events/domain-event-map' {
  interface DomainEventMap {
    [TagsUpdatedEvent.NAME]: TagsUpdatedEvent;
  }
}
