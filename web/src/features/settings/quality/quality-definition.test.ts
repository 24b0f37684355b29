import { describe, expect, it } from 'vitest';
import { failureTarget, fromSlider, SLIDER_MAX, sizeLabel, toSlider } from './quality-definition';

describe('quality definition sizes', () => {
  it('no maximum sits at the slider’s top, and the top means no maximum', () => {
    expect(toSlider({ minSize: 0, maxSize: null })).toEqual([0, SLIDER_MAX]);
    expect(fromSlider([10, SLIDER_MAX])).toEqual({ minSize: 10, maxSize: null });
    expect(sizeLabel(null)).toBe('No limit');
  });

  it('keeps sizes below the top as they are', () => {
    expect(toSlider({ minSize: 5, maxSize: 350 })).toEqual([5, 350]);
    expect(fromSlider([5, 350])).toEqual({ minSize: 5, maxSize: 350 });
    expect(sizeLabel(350)).toBe('350 MB');
  });

  it('names the row and property of a failure of the bulk update', () => {
    expect(failureTarget('[3].maxSize')).toEqual({ index: 3, name: 'maxSize' });
    expect(failureTarget('maxSize')).toBeUndefined();
  });
});
