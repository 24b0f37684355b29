import type { DelayProfile } from '../../library/profile/delay-profile/delay-profile.entity';
import type { QualityProfile } from '../../library/profile/quality-profile/quality-profile.entity';
import type { MediaKind } from '../../library/profile/quality/quality';
import type { LibraryAuthor, LibraryBook } from '../parser/library-lookup.repository';
import type { ParsedBookInfo } from '../parser/parsed-book-info';
import type { IndexerReleaseRules, ReleaseInfo } from '../../integrations/indexer/indexer-client';
import type { BlockedRelease } from '../blocklist/blocked-release';
import type { IndexerConfig } from '../../platform/settings/indexer/indexer-config';
import type { ProperDownloadTypes } from '../../platform/settings/media-management/media-management-config';

export type ProperDownloadType = keyof typeof ProperDownloadTypes.values;

export type RejectionTypeName = 'permanent' | 'temporary';

export interface Rejection {
  reason: string;
  type: RejectionTypeName;
}

export interface MatchedFormat {
  id: number;
  name: string;
}

/** A release with what Quire knows about it (Readarr's RemoteBook). */
export interface RemoteBook {
  release: ReleaseInfo;
  parsed: ParsedBookInfo | null;
  author?: LibraryAuthor;
  books: LibraryBook[];
  customFormats: MatchedFormat[];
  customFormatScore: number;
}

export interface ExistingFile {
  bookId: number;
  qualityId: number;
  revision: { version: number; real: number };
  mediaKind: MediaKind;
  /** The file's custom-format score in the author's profile (from its scene name, group, size, flags). */
  customFormatScore: number;
  releaseGroup: string | null;
  dateAdded: Date;
}

export interface QueuedItem {
  bookIds: number[];
  qualityId: number;
  title: string;
}

export interface ReleaseProfileRule {
  enabled: boolean;
  required: string[];
  ignored: string[];
  indexerId: number;
  tags: number[];
}

export interface QualitySizeLimit {
  /** MB per 100 pages (see AcceptableSizeSpecification). */
  minSize: number | null;
  maxSize: number | null;
}

export type SearchKind = 'interactive' | 'automatic' | 'rss' | 'push';

/** Everything the rules need about one author, loaded once per author and evaluation. */
export interface DecisionContext {
  now: Date;
  kind: SearchKind;
  /** Automatic searches and RSS only grab for monitored authors and books. */
  monitoredOnly: boolean;
  profile: Pick<
    QualityProfile,
    'id' | 'cutoff' | 'upgradeAllowed' | 'items' | 'minFormatScore' | 'cutoffFormatScore' | 'formatItems'
  >;
  delayProfile: Pick<
    DelayProfile,
    | 'enableUsenet'
    | 'enableTorrent'
    | 'preferredProtocol'
    | 'usenetDelay'
    | 'torrentDelay'
    | 'bypassIfHighestQuality'
    | 'bypassIfAboveCustomFormatScore'
    | 'minimumCustomFormatScore'
  >;
  sizeLimits: Map<number, QualitySizeLimit>;
  releaseProfiles: ReleaseProfileRule[];
  indexerConfig: IndexerConfig;
  /** Per-indexer settings by indexer id; a release whose indexer is unknown (pushed, deleted) skips those rules. */
  indexers: ReadonlyMap<number, IndexerReleaseRules>;
  /** Media management's `downloadPropersAndRepacks`. */
  propers: ProperDownloadType;
  existingFiles: ExistingFile[];
  queued: QueuedItem[];
  blocklist: BlockedRelease[];
}

/** One rule of the decision engine: a rejection reason, or null when the release passes. */
export interface DecisionSpecification {
  readonly type: RejectionTypeName;
  evaluate(remote: RemoteBook, context: DecisionContext): string | null;
}

export interface DownloadDecision {
  remote: RemoteBook;
  rejections: Rejection[];
  approved: boolean;
  temporarilyRejected: boolean;
  rejected: boolean;
  /** Mapped to an author and at least one book. */
  downloadAllowed: boolean;
}

export function ageMinutes(release: ReleaseInfo, now: Date): number {
  return release.publishDate ? (now.getTime() - new Date(release.publishDate).getTime()) / 60_000 : 0;
}
