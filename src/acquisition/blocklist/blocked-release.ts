/** What the decision engine compares a release with: one blocklist entry of the author. */
export interface BlockedRelease {
  sourceTitle: string;
  protocol: string;
  indexer: string | null;
  torrentInfoHash: string | null;
  size: number | null;
}
