import { keepZeroId } from '../../../platform/common/wire/json-replacer';

/** Whether a quality describes a text ebook or an audiobook (Quire keeps both of one book apart). */
export type MediaKind = 'ebook' | 'audio';

export interface QualityInfo {
  id: number;
  name: string;
  /** Readarr's default definition weight: higher is better, compared within one media kind. */
  weight: number;
  mediaKind: MediaKind;
}

/** Readarr's qualities in its order (by weight): the order of a default profile's items. */
export const QUALITIES: readonly QualityInfo[] = [
  { id: 0, name: 'Unknown Text', weight: 1, mediaKind: 'ebook' },
  { id: 1, name: 'PDF', weight: 5, mediaKind: 'ebook' },
  { id: 2, name: 'MOBI', weight: 10, mediaKind: 'ebook' },
  { id: 3, name: 'EPUB', weight: 11, mediaKind: 'ebook' },
  { id: 4, name: 'AZW3', weight: 12, mediaKind: 'ebook' },
  { id: 13, name: 'Unknown Audio', weight: 50, mediaKind: 'audio' },
  { id: 10, name: 'MP3', weight: 100, mediaKind: 'audio' },
  { id: 12, name: 'M4B', weight: 105, mediaKind: 'audio' },
  { id: 11, name: 'FLAC', weight: 110, mediaKind: 'audio' },
];

export const QUALITY_IDS = {
  unknownText: 0,
  pdf: 1,
  mobi: 2,
  epub: 3,
  azw3: 4,
  mp3: 10,
  flac: 11,
  m4b: 12,
  unknownAudio: 13,
} as const;

const BY_ID = new Map(QUALITIES.map((quality) => [quality.id, quality]));

export function qualityById(id: number): QualityInfo | undefined {
  return BY_ID.get(id);
}

/** Readarr's `Quality` wire object `{id, name}`; `id: 0` (Unknown Text) is written, as Readarr does. */
export function qualityWire(id: number): { id: number; name: string } {
  return keepZeroId({ id, name: qualityById(id)?.name ?? 'Unknown' });
}

/** Default size limits of a definition (MB per 100 pages / per hour, as Readarr stores them). */
export function defaultMaxSize(id: number): number | null {
  return id === QUALITY_IDS.flac ? null : 350;
}

/** One entry of a quality profile's `items`, exactly as Readarr stores and serialises it. */
export interface QualityProfileItem {
  /** Group id (≥ 1000); absent for a single quality. */
  id?: number;
  /** Group name; absent for a single quality. */
  name?: string;
  quality?: { id: number; name: string };
  items: QualityProfileItem[];
  allowed: boolean;
}

/** First group id Readarr hands out. */
export const QUALITY_GROUP_ID_START = 1000;

/**
 * The rank of a quality inside a profile: the index of its item (or of the group holding it) in
 * `items`; later means better. -1 when the profile does not list it.
 */
export function qualityRank(items: readonly QualityProfileItem[], qualityId: number): number {
  return items.findIndex((item) =>
    item.quality ? item.quality.id === qualityId : item.items.some((child) => child.quality?.id === qualityId),
  );
}

/** The rank of a profile's cutoff (a quality id or a group id). */
export function cutoffRank(items: readonly QualityProfileItem[], cutoff: number): number {
  const group = items.findIndex((item) => !item.quality && item.id === cutoff);
  return group >= 0 ? group : qualityRank(items, cutoff);
}

/**
 * True when a file of this quality is below the profile's cutoff (Readarr: the item's index in the
 * profile is lower than the cutoff's). Callers that keep ebook and audiobook files apart compare
 * files of one media kind at a time (`qualityById(id).mediaKind`).
 */
export function isCutoffNotMet(profile: { items: QualityProfileItem[]; cutoff: number }, qualityId: number): boolean {
  return qualityRank(profile.items, qualityId) < cutoffRank(profile.items, profile.cutoff);
}

/** Every quality id an item stands for (itself, or its group's members). */
export function itemQualityIds(item: QualityProfileItem): number[] {
  return item.quality ? [item.quality.id] : item.items.flatMap(itemQualityIds);
}

/** The quality ids a profile allows. */
export function allowedQualityIds(items: readonly QualityProfileItem[]): number[] {
  return items.flatMap((item) =>
    item.quality
      ? item.allowed
        ? [item.quality.id]
        : []
      : item.items.filter((c) => c.allowed).flatMap(itemQualityIds),
  );
}

/** A profile's items with every quality listed once, in Readarr's order; `allowed` as given. */
export function defaultProfileItems(allowed: readonly number[]): QualityProfileItem[] {
  return QUALITIES.map((quality) => ({
    quality: { id: quality.id, name: quality.name },
    items: [],
    allowed: allowed.includes(quality.id),
  }));
}
