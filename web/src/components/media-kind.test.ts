import { describe, expect, it } from 'vitest';
import { byMediaKind, mediaKind } from './media-kind';

describe('media kind', () => {
  it('tells audiobook qualities from ebook ones', () => {
    expect(mediaKind(3)).toBe('ebook');
    expect(mediaKind(12)).toBe('audiobook');
    expect(mediaKind(undefined)).toBe('ebook');
  });

  it('groups files by kind', () => {
    const files = [{ id: 1, quality: { quality: { id: 3 } } }, { id: 2, quality: { quality: { id: 10 } } }, { id: 3 }];
    const groups = byMediaKind(files);
    expect(groups.ebook.map((file) => file.id)).toEqual([1, 3]);
    expect(groups.audiobook.map((file) => file.id)).toEqual([2]);
  });
});
