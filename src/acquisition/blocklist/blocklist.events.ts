/** Releases were added to or removed from the blocklist: lists of it are stale. */
export class BlocklistChangedEvent {
  static readonly NAME = 'blocklist.changed';
}

declare module '../../platform/common/events/domain-event-map' {
  interface DomainEventMap {
    [BlocklistChangedEvent.NAME]: BlocklistChangedEvent;
  }
}
