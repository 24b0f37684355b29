/**
 * Housekeeping runs (daily, or on request): every feature may listen to trim its own tables. The command awaits
 * the listeners (`emitAsync`) before it vacuums the database.
 */
export class HousekeepingEvent {
  static readonly NAME = 'housekeeping.run';
}

declare module '../../common/events/domain-event-map' {
  interface DomainEventMap {
    [HousekeepingEvent.NAME]: HousekeepingEvent;
  }
}
