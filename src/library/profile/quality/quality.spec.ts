import { validateProfileItems } from '../quality-profile/quality-profile.validation';
import {
  allowedQualityIds,
  cutoffRank,
  defaultProfileItems,
  isCutoffNotMet,
  QUALITIES,
  QUALITY_IDS,
  qualityById,
  qualityRank,
} from './quality';

describe('quality knowledge', () => {
  it('knows every Readarr quality with its media kind', () => {
    expect(QUALITIES.map((q) => q.id)).toEqual([0, 1, 2, 3, 4, 13, 10, 12, 11]);
    expect(qualityById(12)).toEqual({ id: 12, name: 'M4B', weight: 105, mediaKind: 'audio' });
    expect(qualityById(3)?.mediaKind).toBe('ebook');
    expect(qualityById(99)).toBeUndefined();
  });

  it('ranks qualities and cutoffs by their position in the profile, groups included', () => {
    const items = defaultProfileItems([QUALITY_IDS.mobi, QUALITY_IDS.epub]);
    expect(allowedQualityIds(items)).toEqual([2, 3]);
    expect(qualityRank(items, QUALITY_IDS.pdf)).toBe(1);
    expect(isCutoffNotMet({ items, cutoff: QUALITY_IDS.epub }, QUALITY_IDS.mobi)).toBe(true);
    expect(isCutoffNotMet({ items, cutoff: QUALITY_IDS.epub }, QUALITY_IDS.epub)).toBe(false);
    expect(isCutoffNotMet({ items, cutoff: QUALITY_IDS.epub }, QUALITY_IDS.azw3)).toBe(false);

    const grouped = [
      ...items.slice(0, 2),
      { id: 1000, name: 'Kindle', allowed: true, items: [items[2], items[4]] },
      items[3],
      ...items.slice(5),
    ];
    expect(cutoffRank(grouped, 1000)).toBe(2);
    expect(qualityRank(grouped, QUALITY_IDS.azw3)).toBe(2);
    expect(isCutoffNotMet({ items: grouped, cutoff: 1000 }, QUALITY_IDS.azw3)).toBe(false);
    expect(isCutoffNotMet({ items: grouped, cutoff: 1000 }, QUALITY_IDS.pdf)).toBe(true);
  });

  it('validates profile items like Readarr', () => {
    const all = defaultProfileItems([2]);
    expect(validateProfileItems(all, 2).failures).toEqual([]);
    const messages = (items: any[], cutoff: number) =>
      validateProfileItems(items, cutoff).failures.map((f) => f.errorMessage);
    expect(messages([{ id: 1000, name: '', allowed: true, items: [] }, ...all], 1000)).toEqual(
      expect.arrayContaining(['Groups must have a name', 'Groups must contain at least one quality']),
    );
    expect(
      messages([...all.slice(0, 2), { id: 5, name: 'g', allowed: true, items: [all[2]] }, ...all.slice(3)], 5),
    ).toEqual(['Groups must have an ID of 1000 or more']);
    expect(messages([...all, { quality: { id: 42 }, items: [], allowed: false }], 2)).toEqual(['Unknown quality 42']);
  });
});
