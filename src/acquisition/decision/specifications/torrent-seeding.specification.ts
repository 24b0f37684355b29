import type { DecisionContext, DecisionSpecification, RemoteBook } from '../remote-book';

/** A torrent with fewer seeders than its indexer's `minimumSeeders` is not worth grabbing. */
export class TorrentSeedingSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    const { release } = remote;
    if (release.protocol !== 'torrent' || release.seeders === undefined) return null;
    const minimum = context.indexers.get(release.indexerId)?.minimumSeeders;
    if (minimum === null || minimum === undefined || release.seeders >= minimum) return null;
    return `Not enough seeders: ${release.seeders}. Minimum seeders: ${minimum}`;
  }
}
