import { describe, expect, it } from 'vitest';
import type { Author, Book } from '../api/client';
import { firstMatchRoute, searchOptions } from './global-search';

const author = (authorName: string, titleSlug: string, id = 0) => ({ id, authorName, titleSlug }) as Author;

describe('header search options', () => {
  it('offers nothing under two characters', () => {
    expect(searchOptions(' t ', [author('Tolkien', 'tolkien')], [])).toEqual([]);
  });

  it('lists matching authors (case-insensitive), the books found and the metadata search, as routes', () => {
    const books = [
      { title: 'The Hobbit', titleSlug: 'the-hobbit', author: { authorName: 'J.R.R. Tolkien' } },
    ] as Book[];
    expect(
      searchOptions('tolk', [author('J.R.R. Tolkien', 'jrr-tolkien'), author('Ann Leckie', 'ann')], books),
    ).toEqual([
      { group: 'Authors', items: [{ value: '/author/jrr-tolkien', label: 'J.R.R. Tolkien' }] },
      { group: 'Books', items: [{ value: '/book/the-hobbit', label: 'The Hobbit (J.R.R. Tolkien)' }] },
      {
        group: 'Add new',
        items: [{ value: '/add/search?term=tolk', label: 'Search the metadata source for “tolk”' }],
      },
    ]);
  });

  it('names the author of a book from the author list when the book carries only its id', () => {
    const books = [{ title: 'Dune', titleSlug: 'dune', authorId: 3 }] as Book[];
    expect(searchOptions('dune', [author('Frank Herbert', 'frank-herbert', 3)], books)[0]).toEqual({
      group: 'Books',
      items: [{ value: '/book/dune', label: 'Dune (Frank Herbert)' }],
    });
  });

  it('shows at most five authors and only the metadata search when nothing in the library matches', () => {
    const many = Array.from({ length: 8 }, (_, i) => author(`Writer ${i}`, `writer-${i}`));
    expect(searchOptions('writer', many, [])[0].items).toHaveLength(5);
    expect(searchOptions('zz top', many, []).map((group) => group.group)).toEqual(['Add new']);
  });

  it('Enter opens the first author or book that matches, else the metadata search (also under two characters)', () => {
    const books = [{ title: 'The Hobbit', titleSlug: 'the-hobbit' }] as Book[];
    expect(firstMatchRoute('tolk', [author('J.R.R. Tolkien', 'jrr-tolkien')], books)).toBe('/author/jrr-tolkien');
    expect(firstMatchRoute('hobb', [author('J.R.R. Tolkien', 'jrr-tolkien')], books)).toBe('/book/the-hobbit');
    expect(firstMatchRoute('dune', [], undefined)).toBe('/add/search?term=dune');
    expect(firstMatchRoute('x', [], undefined)).toBe('/add/search?term=x');
  });
});
