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
  readonly supportsRss: boolean;
  readonly supportsSearch: boolean;
  fetchRss(): Promise<ReleaseInfo[]>;
  search(criteria: BookSearchCriteria): Promise<ReleaseInfo[]>;
}
