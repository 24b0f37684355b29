import type { DecisionContext, DecisionSpecification, RemoteBook } from '../remote-book';

/** The indexer config's `maximumSize` (MB, 0 = unlimited). */
export class MaximumSizeSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    const maximum = context.indexerConfig.maximumSize;
    if (!maximum) return null;
    const sizeMb = remote.release.size / (1024 * 1024);
    return sizeMb > maximum ? `${sizeMb.toFixed(1)} MB is too big, maximum size is ${maximum} MB` : null;
  }
}
