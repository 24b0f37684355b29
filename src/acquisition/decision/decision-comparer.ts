import type { QualityProfileItem } from '../../library/profile/quality/quality';
import { compareQuality } from './quality-ranking';
import { ageMinutes, type DownloadDecision } from './remote-book';

export interface RankingOptions {
  profileItems: (authorId: number | undefined) => QualityProfileItem[];
  preferredProtocol: (authorId: number | undefined) => string;
  /** False with downloadPropersAndRepacks = doNotPrefer: a proper or repack ranks like the original. */
  comparesRevision?: boolean;
  now: Date;
}

/** Seeders in coarse buckets so a few more peers do not beat a newer or bigger release. */
function seederBucket(seeders: number | undefined): number {
  const count = seeders ?? 0;
  return count <= 0 ? 0 : Math.round(Math.log10(count) * 10);
}

/** Newer usenet posts complete more reliably (Readarr's age buckets). */
function ageBucket(minutes: number): number {
  if (minutes < 60) return 4;
  if (minutes <= 1440) return 3;
  if (minutes <= 4320) return 2;
  return 1;
}

/**
 * Best first (Readarr's DownloadDecisionComparer): quality in the author's profile (and revision, unless propers
 * are not preferred), custom-format score,
 * preferred protocol, indexer priority, then seeders (torrent) / age (usenet), then size.
 */
export function compareDecisions(a: DownloadDecision, b: DownloadDecision, options: RankingOptions): number {
  const authorId = a.remote.author?.id;
  const items = options.profileItems(authorId);
  const withRevision = options.comparesRevision !== false;
  const quality = compareQuality(
    items,
    { qualityId: b.remote.parsed?.qualityId ?? 0, revision: withRevision ? b.remote.parsed?.revision : undefined },
    { qualityId: a.remote.parsed?.qualityId ?? 0, revision: withRevision ? a.remote.parsed?.revision : undefined },
  );
  if (quality !== 0) return quality;
  if (a.remote.customFormatScore !== b.remote.customFormatScore)
    return b.remote.customFormatScore - a.remote.customFormatScore;
  const preferred = options.preferredProtocol(authorId);
  const protocol = Number(b.remote.release.protocol === preferred) - Number(a.remote.release.protocol === preferred);
  if (protocol !== 0) return protocol;
  if (a.remote.release.indexerPriority !== b.remote.release.indexerPriority)
    return a.remote.release.indexerPriority - b.remote.release.indexerPriority;
  if (a.remote.release.protocol === 'torrent' && b.remote.release.protocol === 'torrent') {
    const seeders = seederBucket(b.remote.release.seeders) - seederBucket(a.remote.release.seeders);
    if (seeders !== 0) return seeders;
  } else {
    const age =
      ageBucket(ageMinutes(b.remote.release, options.now)) - ageBucket(ageMinutes(a.remote.release, options.now));
    if (age !== 0) return age;
  }
  return b.remote.release.size - a.remote.release.size;
}

/** Mapped releases best first per author; releases that cannot be downloaded last (Readarr's prioritisation). */
export function prioritize(decisions: DownloadDecision[], options: RankingOptions): DownloadDecision[] {
  const allowed = decisions.filter((decision) => decision.downloadAllowed);
  const rest = decisions.filter((decision) => !decision.downloadAllowed);
  return [...allowed.sort((a, b) => compareDecisions(a, b, options)), ...rest];
}
