/** A quality profile item (src/profile/quality-profile/*.resource.ts): a quality, or a group with its own id. */
export interface ProfileItem {
  id?: number;
  name?: string;
  quality?: { id: number; name?: string };
  items?: ProfileItem[];
  allowed?: boolean;
}

/** The id the cutoff names: the group's id, or the quality's. */
export const itemId = (item: ProfileItem): number | undefined => (item.quality ? item.quality.id : item.id);

export const itemName = (item: ProfileItem): string => item.quality?.name ?? item.name ?? String(itemId(item));

/** Readarr stores items lowest first; the editor shows (and reorders) them highest first. */
export function displayOrder(items: ProfileItem[]): ProfileItem[] {
  return [...items].reverse();
}

/** Moves the item at `index` of the displayed (highest-first) list by `delta`; answers the stored order. */
export function moveItem(items: ProfileItem[], index: number, delta: -1 | 1): ProfileItem[] {
  const shown = displayOrder(items);
  const target = index + delta;
  if (target < 0 || target >= shown.length) return items;
  [shown[index], shown[target]] = [shown[target], shown[index]];
  return displayOrder(shown);
}

export function setAllowed(items: ProfileItem[], id: number, allowed: boolean): ProfileItem[] {
  return items.map((item) => (itemId(item) === id ? { ...item, allowed } : item));
}

/** What the cutoff may be: the allowed items, highest first. */
export function cutoffChoices(items: ProfileItem[]): { value: string; label: string }[] {
  return displayOrder(items)
    .filter((item) => item.allowed)
    .map((item) => ({ value: String(itemId(item)), label: itemName(item) }));
}

/** The cutoff stays when still allowed; otherwise the highest allowed item (or none). */
export function validCutoff(items: ProfileItem[], cutoff: number | undefined): number | undefined {
  const choices = cutoffChoices(items);
  if (choices.some((choice) => Number(choice.value) === cutoff)) return cutoff;
  return choices.length > 0 ? Number(choices[0].value) : undefined;
}

/** A quality profile's score for one custom format (Quire lists every format, at 0 when never scored). */
export interface FormatItem {
  format: number;
  name?: string;
  score?: number;
}

export function setFormatScore(items: FormatItem[], format: number, score: number): FormatItem[] {
  return items.map((item) => (item.format === format ? { ...item, score } : item));
}

/** The formats that count (non-zero scores), highest first, for a profile's card. */
export function scoredFormats(items: FormatItem[] | undefined): string {
  return [...(items ?? [])]
    .filter((item) => (item.score ?? 0) !== 0)
    .sort((a, b) => (b.score ?? 0) - (a.score ?? 0))
    .map((item) => `${item.name ?? item.format} ${(item.score ?? 0) > 0 ? '+' : ''}${item.score}`)
    .join(', ');
}
