/**
 * Published once when a stop begins (SIGTERM/SIGINT, or a shutdown/restart through the API): work sources stop
 * taking new work at once, running work may finish until `deadline` (epoch ms, COMMAND_SHUTDOWN_GRACE_MS away).
 */
export class ApplicationStoppingEvent {
  static readonly NAME = 'application.stopping';
  constructor(readonly deadline: number) {}
}

declare module '../events/domain-event-map' {
  interface DomainEventMap {
    [ApplicationStoppingEvent.NAME]: ApplicationStoppingEvent;
  }
}
