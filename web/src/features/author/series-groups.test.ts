import { describe, expect, it } from 'vitest';
import type { Book } from '../../api/client';
import { groupBySeries } from './series-groups';

const book = (id: number, releaseDate?: string) => ({ id, title: `B${id}`, releaseDate }) as Book;

describe('groupBySeries', () => {
  it('orders series members by position and keeps the rest as standalone by date', () => {
    const books = [book(1, '2001-01-01'), book(2, '1999-01-01'), book(3, '2005-01-01'), book(4)];
    const groups = groupBySeries(books, [
      {
        id: 1,
        title: 'Saga',
        monitored: false,
        links: [
          { id: 1, seriesId: 1, bookId: 3, seriesPosition: 2 },
          { id: 2, seriesId: 1, bookId: 1, seriesPosition: 1 },
        ],
      },
    ]);
    expect(groups.map((group) => [group.title, group.books.map((b) => b.id)])).toEqual([
      ['Saga', [1, 3]],
      ['Standalone', [2, 4]],
    ]);
    expect(groups.map((group) => group.series?.id)).toEqual([1, undefined]);
  });

  it('names the single group "Books" when there is no series', () => {
    expect(groupBySeries([book(1)], []).map((group) => group.title)).toEqual(['Books']);
  });
});
