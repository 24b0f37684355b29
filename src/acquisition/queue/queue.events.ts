/**
 * The download queue changed: a tracked download was added, updated or removed, or a pending (delayed)
 * release came or went. Carries the tracked-download ids when known; pending releases carry none.
 */
export class QueueUpdatedEvent {
  static readonly NAME = 'queue.updated';
  constructor(readonly trackedDownloadIds: number[] = []) {}
}

declare module '../../platform/common/events/domain-event-map' {
  interface DomainEventMap {
    [QueueUpdatedEvent.NAME]: QueueUpdatedEvent;
  }
}
