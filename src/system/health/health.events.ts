/** Every health check ran and the current issues are known (Readarr's HealthCheckCompleteEvent). */
export class HealthCheckCompletedEvent {
  static readonly NAME = 'health.checked';
  constructor(readonly issueCount: number) {}
}
