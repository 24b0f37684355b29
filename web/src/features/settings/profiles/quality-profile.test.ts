import { describe, expect, it } from 'vitest';
import {
  cutoffChoices,
  displayOrder,
  itemName,
  moveItem,
  scoredFormats,
  setAllowed,
  setFormatScore,
  validCutoff,
} from './quality-profile';

const ITEMS = [
  { quality: { id: 0, name: 'Unknown' }, allowed: false },
  { quality: { id: 1, name: 'PDF' }, allowed: true },
  { id: 1000, name: 'Ebook', items: [{ quality: { id: 2, name: 'EPUB' } }], allowed: true },
  { quality: { id: 10, name: 'MP3' }, allowed: false },
];

describe('quality profile editor', () => {
  it('shows items highest first and names groups by their own name', () => {
    expect(displayOrder(ITEMS).map(itemName)).toEqual(['MP3', 'Ebook', 'PDF', 'Unknown']);
  });

  it('moves a displayed item and answers the stored (lowest-first) order', () => {
    const moved = moveItem(ITEMS, 0, 1); // MP3 below Ebook
    expect(displayOrder(moved).map(itemName)).toEqual(['Ebook', 'MP3', 'PDF', 'Unknown']);
    expect(moveItem(ITEMS, 0, -1)).toBe(ITEMS); // already at the top
  });

  it('offers only allowed items (groups by their id) as cutoff, and keeps the cutoff valid', () => {
    expect(cutoffChoices(ITEMS)).toEqual([
      { value: '1000', label: 'Ebook' },
      { value: '1', label: 'PDF' },
    ]);
    expect(validCutoff(ITEMS, 1)).toBe(1);
    expect(validCutoff(setAllowed(ITEMS, 1, false), 1)).toBe(1000);
    expect(validCutoff(setAllowed(setAllowed(ITEMS, 1, false), 1000, false), 1)).toBeUndefined();
  });
});

describe('custom format scores', () => {
  const FORMATS = [
    { format: 1, name: 'Retail', score: 0 },
    { format: 2, name: 'Scene', score: 0 },
  ];

  it('sets one format’s score and leaves the others', () => {
    expect(setFormatScore(FORMATS, 2, -50)).toEqual([
      { format: 1, name: 'Retail', score: 0 },
      { format: 2, name: 'Scene', score: -50 },
    ]);
  });

  it('summarises only the scored formats, highest first', () => {
    expect(scoredFormats(setFormatScore(setFormatScore(FORMATS, 2, -50), 1, 100))).toBe('Retail +100, Scene -50');
    expect(scoredFormats(FORMATS)).toBe('');
  });
});
