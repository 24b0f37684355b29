import {
  allowedQualityIds,
  cutoffRank,
  qualityById,
  qualityRank,
  type QualityProfileItem,
} from '../../library/profile/quality/quality';
import type { MediaKind } from '../../library/profile/quality/quality';

export function mediaKindOf(qualityId: number): MediaKind {
  return qualityById(qualityId)?.mediaKind ?? 'ebook';
}

export function qualityName(qualityId: number): string {
  return qualityById(qualityId)?.name ?? 'Unknown';
}

/** Compares two qualities inside a profile (its item order, worst first): > 0 when `a` is better. */
export function compareQuality(
  items: readonly QualityProfileItem[],
  a: { qualityId: number; revision?: { version: number; real: number } },
  b: { qualityId: number; revision?: { version: number; real: number } },
): number {
  const rank = qualityRank(items, a.qualityId) - qualityRank(items, b.qualityId);
  if (rank !== 0) return rank;
  const real = (a.revision?.real ?? 0) - (b.revision?.real ?? 0);
  if (real !== 0) return real;
  return (a.revision?.version ?? 1) - (b.revision?.version ?? 1);
}

/**
 * The cutoff rank that applies to files of a media kind: the profile's cutoff when it is of that kind,
 * else the best allowed quality of that kind (ebooks and audiobooks are upgraded separately).
 */
export function cutoffRankFor(profile: { items: QualityProfileItem[]; cutoff: number }, kind: MediaKind): number {
  const cutoff = cutoffRank(profile.items, profile.cutoff);
  const cutoffItem = profile.items[cutoff];
  const cutoffQuality = cutoffItem?.quality?.id ?? cutoffItem?.items[0]?.quality?.id;
  if (cutoffQuality !== undefined && mediaKindOf(cutoffQuality) === kind) return cutoff;
  const allowed = allowedQualityIds(profile.items).filter((id) => mediaKindOf(id) === kind);
  return Math.max(-1, ...allowed.map((id) => qualityRank(profile.items, id)));
}

/** The best allowed quality of a media kind in a profile (for bypassIfHighestQuality). */
export function isHighestAllowed(profile: { items: QualityProfileItem[] }, qualityId: number): boolean {
  const kind = mediaKindOf(qualityId);
  const allowed = allowedQualityIds(profile.items).filter((id) => mediaKindOf(id) === kind);
  const best = Math.max(-1, ...allowed.map((id) => qualityRank(profile.items, id)));
  return best >= 0 && qualityRank(profile.items, qualityId) >= best;
}

type Revision = { version: number; real: number };

function compareRevision(a: Revision | undefined, b: Revision | undefined): number {
  const real = (a?.real ?? 0) - (b?.real ?? 0);
  return real !== 0 ? real : (a?.version ?? 1) - (b?.version ?? 1);
}

/** A proper or repack of the very same quality (Readarr's IsRevisionUpgrade: never across qualities). */
export function isRevisionUpgrade(
  current: { qualityId: number; revision?: Revision },
  candidate: { qualityId: number; revision?: Revision },
): boolean {
  return current.qualityId === candidate.qualityId && compareRevision(candidate.revision, current.revision) > 0;
}
