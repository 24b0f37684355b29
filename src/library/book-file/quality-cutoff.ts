import { cutoffRank, itemQualityIds, qualityById, type QualityProfileItem } from '../profile/quality/quality';

export interface CutoffProfile {
  id: number;
  cutoff: number;
  upgradeAllowed: boolean;
  items: QualityProfileItem[];
}

/** Quality ids of one profile below its cutoff and at/above it, limited to the cutoff's media kind. */
export interface CutoffSets {
  profileId: number;
  below: number[];
  atOrAbove: number[];
}

/**
 * Splits a profile's qualities at its cutoff. Only qualities of the cutoff's media kind count, so an
 * audiobook never makes an ebook profile's cutoff unmet (design: ebook and audiobook coexist).
 * With `respectUpgradeAllowed` (wanted/cutoff, like Readarr's BookCutoffService) a profile that
 * does not allow upgrades uses its first allowed quality as the cutoff.
 */
export function cutoffSets(profile: CutoffProfile, respectUpgradeAllowed = false): CutoffSets {
  let cutoff = profile.cutoff;
  if (respectUpgradeAllowed && !profile.upgradeAllowed) {
    const firstAllowed = profile.items.find((item) => item.allowed);
    if (firstAllowed) cutoff = firstAllowed.quality?.id ?? firstAllowed.id ?? cutoff;
  }
  const rank = cutoffRank(profile.items, cutoff);
  const cutoffItem = profile.items[rank];
  const kind = cutoffItem ? qualityById(itemQualityIds(cutoffItem)[0] ?? -1)?.mediaKind : undefined;
  const below: number[] = [];
  const atOrAbove: number[] = [];
  profile.items.forEach((item, index) => {
    for (const id of itemQualityIds(item)) {
      if (kind && qualityById(id)?.mediaKind !== kind) continue;
      (index < rank ? below : atOrAbove).push(id);
    }
  });
  return { profileId: profile.id, below: rank < 0 ? [] : below, atOrAbove };
}

export function isQualityCutoffNotMet(sets: CutoffSets | undefined, qualityId: number): boolean {
  return !!sets && sets.below.includes(qualityId);
}
