import { describe, expect, it } from 'vitest';
import { pagesFor } from './paged-books';

describe('pagesFor', () => {
  it('asks for the pages under the visible rows', () => {
    expect(pagesFor(0, 30)).toEqual([1]);
    expect(pagesFor(130, 170)).toEqual([2]);
    expect(pagesFor(190, 230)).toEqual([2, 3]);
  });

  it('prefetches a neighbour near a page edge', () => {
    expect(pagesFor(210, 240)).toEqual([2, 3]);
    expect(pagesFor(160, 190)).toEqual([2, 3]);
    expect(pagesFor(99_950, 99_999)).toEqual([1000, 1001]);
  });
});
