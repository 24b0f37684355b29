/** Rows were added to the book history (a grab, an import, a failure, a rename…): lists of it are stale. */
export class HistoryRecordedEvent {
  static readonly NAME = 'history.recorded';
  constructor(readonly eventTypes: string[]) {}
}

declare module '../../platform/common/events/domain-event-map' {
  interface DomainEventMap {
    [HistoryRecordedEvent.NAME]: HistoryRecordedEvent;
  }
}
