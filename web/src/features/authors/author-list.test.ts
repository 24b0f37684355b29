import { describe, expect, it } from 'vitest';
import type { Author } from '../../api/client';
import {
  customAuthorFilters,
  filterAuthors,
  formatBytes,
  matchesCondition,
  PREDEFINED_FILTERS,
  sortAuthors,
} from './author-list';

const author = (id: number, fields: Partial<Author>): Author => ({
  id,
  authorName: `Author ${id}`,
  sortName: `author ${id}`,
  monitored: true,
  status: 'continuing',
  tags: [],
  ...fields,
});

const library = [
  author(1, {
    authorName: 'Ursula K. Le Guin',
    sortName: 'le guin, ursula k.',
    tags: [1],
    statistics: { bookCount: 4, bookFileCount: 4, sizeOnDisk: 10 } as never,
    added: '2024-01-01T00:00:00Z',
  }),
  author(2, {
    authorName: 'Iain M. Banks',
    sortName: 'banks, iain m.',
    monitored: false,
    status: 'ended',
    statistics: { bookCount: 5, bookFileCount: 1, sizeOnDisk: 300 } as never,
    added: '2025-01-01T00:00:00Z',
  }),
  author(3, {
    authorName: 'Ann Leckie',
    sortName: 'leckie, ann',
    tags: [2, 3],
    statistics: { bookCount: 0, bookFileCount: 0, sizeOnDisk: 0 } as never,
    nextBook: { releaseDate: '2030-05-01T00:00:00Z' } as never,
  }),
];

const ids = (authors: Author[]) => authors.map((item) => item.id);
const predefined = (key: string) => PREDEFINED_FILTERS.find((filter) => filter.key === key)!.filters;

describe('author filters', () => {
  it('applies the predefined filters', () => {
    expect(ids(filterAuthors(library, predefined('all')))).toEqual([1, 2, 3]);
    expect(ids(filterAuthors(library, predefined('monitored')))).toEqual([1, 3]);
    expect(ids(filterAuthors(library, predefined('unmonitored')))).toEqual([2]);
    expect(ids(filterAuthors(library, predefined('ended')))).toEqual([2]);
    expect(ids(filterAuthors(library, predefined('missing')))).toEqual([2]);
  });

  it('matches tags by membership and array values as any-of', () => {
    expect(matchesCondition(library[2], { key: 'tags', value: [3], type: 'contains' })).toBe(true);
    expect(matchesCondition(library[0], { key: 'tags', value: [3], type: 'contains' })).toBe(false);
    expect(matchesCondition(library[1], { key: 'status', value: ['ended', 'deleted'], type: 'equal' })).toBe(true);
    expect(matchesCondition(library[1], { key: 'bookCount', value: 4, type: 'greaterThan' })).toBe(true);
    expect(matchesCondition(library[0], { key: 'authorName', value: 'guin', type: 'notContains' })).toBe(false);
  });

  it('combines conditions with the quick search', () => {
    expect(ids(filterAuthors(library, predefined('monitored'), 'le'))).toEqual([1, 3]);
    expect(ids(filterAuthors(library, [], 'ann leck'))).toEqual([3]);
  });

  it('reads custom filters of the author index only', () => {
    const custom = customAuthorFilters([
      { id: 7, type: 'authorIndex', label: 'Tagged', filters: [{ key: 'tags', value: [1], type: 'contains' }] },
      { id: 8, type: 'bookIndex', label: 'Other', filters: [] },
    ] as never);
    expect(custom.map((filter) => filter.key)).toEqual(['custom-7']);
    expect(ids(filterAuthors(library, custom[0].filters))).toEqual([1]);
  });
});

describe('author sort', () => {
  it('sorts by name, size and date in both directions', () => {
    expect(ids(sortAuthors(library, 'sortName', 'ascending'))).toEqual([2, 1, 3]);
    expect(ids(sortAuthors(library, 'sizeOnDisk', 'descending'))).toEqual([2, 1, 3]);
    expect(ids(sortAuthors(library, 'added', 'descending'))).toEqual([2, 1, 3]);
    expect(ids(sortAuthors(library, 'nextBook', 'ascending'))).toEqual([3, 2, 1]);
  });

  it('breaks ties by name', () => {
    expect(ids(sortAuthors(library, 'monitored', 'descending'))).toEqual([1, 3, 2]);
  });

  it('formats sizes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
  });
});
