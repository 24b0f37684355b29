import { describe, expect, it } from 'vitest';
import { clampPage, nextSort, pageCount, selectedOnPage, toggleAll, toggleId } from './paging';

const state = { page: 3, pageSize: 20, sortKey: 'date', sortDirection: 'descending' as const };

describe('paging helpers', () => {
  it('sorts a new column ascending, flips the same one, and goes back to page 1', () => {
    expect(nextSort(state, 'title')).toEqual({ ...state, page: 1, sortKey: 'title', sortDirection: 'ascending' });
    expect(nextSort({ ...state, sortDirection: 'ascending' }, 'date').sortDirection).toBe('descending');
    expect(nextSort(state, 'date').sortDirection).toBe('ascending');
  });

  it('keeps the page within the records left', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(clampPage(state, 41)).toBe(state);
    expect(clampPage(state, 40).page).toBe(2);
    expect(clampPage(state, 0).page).toBe(1);
  });

  it('selects rows one by one and the whole page at once', () => {
    expect(toggleId([1, 2], 2)).toEqual([1]);
    expect(toggleId([1], 2)).toEqual([1, 2]);
    expect(toggleAll([9], [1, 2])).toEqual([9, 1, 2]);
    expect(toggleAll([9, 1, 2], [1, 2])).toEqual([9]);
    expect(toggleAll([], [])).toEqual([]);
    expect(selectedOnPage([9, 1], [1, 2])).toEqual([1]);
  });
});
