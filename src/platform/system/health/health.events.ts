import type { HealthCheckResult } from '../../common/health/health-check';

/** Every health check ran and the current issues are known (Readarr's HealthCheckCompleteEvent). */
export class HealthCheckCompletedEvent {
  static readonly NAME = 'health.checked';
  constructor(readonly issueCount: number) {}
}

/** Health issues appeared or went away since the last announced run (kept across restarts). */
export class HealthIssuesChangedEvent {
  static readonly NAME = 'health.changed';
  constructor(
    readonly added: HealthCheckResult[],
    readonly resolved: HealthCheckResult[],
  ) {}
}

declare module '../../common/events/domain-event-map' {
  interface DomainEventMap {
    [HealthCheckCompletedEvent.NAME]: HealthCheckCompletedEvent;
    [HealthIssuesChangedEvent.NAME]: HealthIssuesChangedEvent;
  }
}
