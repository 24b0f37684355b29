import type { DecisionContext, DecisionSpecification, RemoteBook } from '../remote-book';

/**
 * An indexer with tags serves only authors sharing one of them (Readarr's IndexerTagSpecification). Searches
 * already skip such indexers; this catches RSS, pushed and pending releases.
 */
export class IndexerTagSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    const indexerTags = context.indexers.get(remote.release.indexerId)?.tags ?? [];
    if (indexerTags.length === 0 || !remote.author) return null;
    const authorTags = remote.author.tags ?? [];
    return indexerTags.some((tag) => authorTags.includes(tag))
      ? null
      : 'Author tags do not match any of the indexer tags';
  }
}
