import type { DownloadProtocolName } from '../../integrations/core/download-protocol';
import type { QualityModelValue } from '../parser/quality-model';

/** The release a download came from, as stored with the tracked download and sent with events (JSON-safe). */
export interface GrabbedRelease {
  guid: string;
  title: string;
  indexerId: number;
  indexer: string;
  downloadUrl: string;
  infoUrl?: string;
  commentUrl?: string;
  magnetUrl?: string;
  infoHash?: string;
  size: number;
  /** ISO date. */
  publishDate?: string;
  protocol: DownloadProtocolName;
  seeders?: number;
  peers?: number;
  indexerFlags: number;
  releaseGroup?: string;
  releaseHash?: string;
  /** How it was found (Readarr's ReleaseSource); interactive grabs follow autoRedownloadFailedFromInteractiveSearch. */
  source?: ReleaseSourceName;
}

export type ReleaseSourceName = 'unknown' | 'rss' | 'search' | 'interactiveSearch' | 'releasePush';

/** A release was sent to a download client (history `grabbed`, notifications `onGrab`). */
export class BookGrabbedEvent {
  static readonly NAME = 'book.grabbed';

  constructor(
    readonly init: {
      trackedDownloadId: number;
      authorId: number;
      authorName: string;
      bookIds: number[];
      bookTitles: string[];
      release: GrabbedRelease;
      quality: QualityModelValue;
      customFormatIds: number[];
      customFormatScore: number;
      downloadClientId: number;
      downloadClient: string;
      downloadId: string;
      /** Grabbed by the user (interactive search or queue grab) rather than automatically. */
      downloadForced: boolean;
    },
  ) {}
}

/**
 * A download failed (reported by the client, or marked failed by the user through history/queue). History
 * records `downloadFailed`, the blocklist adds the release, and the queue searches again unless `skipRedownload`.
 */
export class DownloadFailedEvent {
  static readonly NAME = 'download.failed';

  constructor(
    readonly init: {
      authorId: number;
      bookIds: number[];
      sourceTitle: string;
      quality: QualityModelValue;
      customFormatIds: number[];
      message: string;
      downloadClientId?: number;
      downloadClient?: string;
      downloadId?: string;
      trackedDownloadId?: number;
      release?: GrabbedRelease | null;
      skipRedownload: boolean;
    },
  ) {}
}

/**
 * A tracked download finished in its client and waits for import. Consumed by the file-import feature,
 * which then sets the tracked download's state (`TrackedDownloadService.setState`).
 */
export class DownloadCompletedEvent {
  static readonly NAME = 'download.completed';

  constructor(
    readonly init: {
      trackedDownloadId: number;
      downloadId: string;
      downloadClientId: number;
      downloadClient: string;
      outputPath: string | null;
      authorId: number | null;
      bookIds: number[];
      title: string;
      quality: QualityModelValue;
    },
  ) {}
}

declare module '../../platform/common/events/domain-event-map' {
  interface DomainEventMap {
    [BookGrabbedEvent.NAME]: BookGrabbedEvent;
    [DownloadFailedEvent.NAME]: DownloadFailedEvent;
    [DownloadCompletedEvent.NAME]: DownloadCompletedEvent;
  }
}
