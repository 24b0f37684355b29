import { ageMinutes, type DecisionContext, type DecisionSpecification, type RemoteBook } from '../remote-book';

/** Usenet releases younger than the indexer config's `minimumAge` (minutes) wait (temporary rejection). */
export class MinimumAgeSpecification implements DecisionSpecification {
  readonly type = 'temporary';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    const minimum = context.indexerConfig.minimumAge;
    if (remote.release.protocol !== 'usenet' || !minimum) return null;
    const age = ageMinutes(remote.release, context.now);
    return age < minimum ? `Only ${Math.floor(age)} minutes old, minimum age is ${minimum} minutes` : null;
  }
}
