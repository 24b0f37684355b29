import { DownloadProtocolName } from '../core/download-protocol';

/** Readarr's IndexerFlags (bit flags), as releases carry them. */
export const IndexerFlag = { freeleech: 1, halfleech: 2, doubleUpload: 4 } as const;

/** One release found by an indexer (Readarr's ReleaseInfo / TorrentInfo). */
export interface ReleaseInfo {
  title: string;
  guid: string;
  downloadUrl: string;
  infoUrl?: string;
  commentUrl?: string;
  size: number;
  publishDate?: Date;
  indexerId: number;
  indexer: string;
  indexerPriority: number;
  protocol: DownloadProtocolName;
  seeders?: number;
  peers?: number;
  infoHash?: string;
  magnetUrl?: string;
  categories: number[];
  indexerFlags: number;
  author?: string;
  bookTitle?: string;
}

/** What the decision rules read from an indexer's definition (Readarr looks the indexer up per release). */
export interface IndexerReleaseRules {
  /** An indexer with tags serves only authors sharing one of them. */
  tags: number[];
  /** Torrent indexers only; releases with fewer seeders are rejected. */
  minimumSeeders: number | null;
  /** Days before a book's release date a release may be grabbed; null is no limit. */
  earlyReleaseLimit: number | null;
  /** Torrent indexers only: refuse a grab whose info hash (learnt at grab time) is blocklisted. */
  rejectBlocklistedTorrentHashesWhileGrabbing: boolean;
}

export interface BookSearchCriteria {
  author?: string;
  title?: string;
  /** Free text, used when neither author nor title is given. */
  query?: string;
}

/** A configured indexer ready to query; failures are recorded for back-off by the wrapper that hands it out. */
export interface IndexerClient {
  readonly indexerId: number;
  readonly name: string;
  readonly protocol: DownloadProtocolName;
  /** The definition's tags: searches for an author use only untagged indexers and those sharing a tag. */
  readonly tags: number[];
  readonly supportsRss: boolean;
  readonly supportsSearch: boolean;
  fetchRss(): Promise<ReleaseInfo[]>;
  search(criteria: BookSearchCriteria): Promise<ReleaseInfo[]>;
}
