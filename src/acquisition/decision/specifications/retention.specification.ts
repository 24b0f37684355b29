import { ageMinutes, type DecisionContext, type DecisionSpecification, type RemoteBook } from '../remote-book';

/** Usenet releases older than the indexer config's `retention` (days, 0 = unlimited) are gone from the servers. */
export class RetentionSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    const retention = context.indexerConfig.retention;
    if (remote.release.protocol !== 'usenet' || !retention) return null;
    const days = ageMinutes(remote.release, context.now) / 1440;
    return days > retention ? `Older than configured retention of ${retention} days` : null;
  }
}
