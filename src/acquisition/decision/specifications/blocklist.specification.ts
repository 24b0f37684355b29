import type { BlockedRelease } from '../../blocklist/blocked-release';
import type { DecisionContext, DecisionSpecification, RemoteBook } from '../remote-book';

function sameRelease(entry: BlockedRelease, remote: RemoteBook): boolean {
  const { release } = remote;
  if (entry.torrentInfoHash && release.infoHash)
    return entry.torrentInfoHash.toLowerCase() === release.infoHash.toLowerCase();
  if (entry.sourceTitle.toLowerCase() !== release.title.toLowerCase()) return false;
  if (entry.protocol !== 'unknown' && entry.protocol !== release.protocol) return false;
  // Usenet: the same title from the same indexer with a different size is another upload.
  if (release.protocol === 'usenet' && entry.size && release.size && entry.indexer === release.indexer)
    return Math.abs(entry.size - release.size) <= Math.max(1, entry.size * 0.01);
  return true;
}

/** Releases on the author's blocklist (failed before, or blocklisted by the user) are not grabbed again. */
export class BlocklistSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    return context.blocklist.some((entry) => sameRelease(entry, remote)) ? 'Release is blocklisted' : null;
  }
}
