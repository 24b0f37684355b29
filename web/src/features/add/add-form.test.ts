import { describe, expect, it } from 'vitest';
import type { Author, Book } from '../../api/client';
import { type AddForm, addAuthorPayload, addBookPayload, formErrors, searchTerm } from './add-form';

const form: AddForm = {
  rootFolderPath: '/books',
  qualityProfileId: '1',
  metadataProfileId: '2',
  monitor: 'all',
  monitorNewItems: 'all',
  tags: ['3'],
  searchOnAdd: false,
};
const author = { foreignAuthorId: 'OL1A', authorName: 'A. Writer' } as Author;

describe('add forms', () => {
  it('keeps search prefixes', () => {
    expect(searchTerm('  isbn: 9780441013593 ')).toBe('isbn:9780441013593');
    expect(searchTerm('WORK:OL1W')).toBe('work:OL1W');
    expect(searchTerm('dune')).toBe('dune');
  });

  it('maps the add-author form to Readarr’s POST /author body', () => {
    expect(addAuthorPayload(author, { ...form, monitor: 'none', monitorNewItems: 'none', searchOnAdd: true })).toEqual({
      ...author,
      rootFolderPath: '/books',
      qualityProfileId: 1,
      metadataProfileId: 2,
      tags: [3],
      monitored: false,
      monitorNewItems: 'none',
      addOptions: { monitor: 'none', searchForMissingBooks: true },
    });
  });

  it('adds one book alone: book monitored, a new author monitors nothing else', () => {
    const book = {
      foreignBookId: 'OL1W',
      title: 'One',
      author,
      editions: [{ foreignEditionId: 'E1' }, { foreignEditionId: 'E2' }],
    } as Book;
    const body = addBookPayload(book, form) as {
      monitored: boolean;
      author: Record<string, unknown>;
      editions: { monitored: boolean }[];
    };
    expect(body.monitored).toBe(true);
    expect(body.author).toMatchObject({
      monitorNewItems: 'none',
      addOptions: { monitor: 'none' },
      rootFolderPath: '/books',
      qualityProfileId: 1,
    });
    expect(body.editions.map((edition) => edition.monitored)).toEqual([true, false]);
  });

  it('keeps an author already in the library as it is', () => {
    const existing = { ...author, id: 9, monitorNewItems: 'all' } as Author;
    const body = addBookPayload({ foreignBookId: 'OL2W', author: existing, editions: [] }, form) as {
      author: unknown;
    };
    expect(body.author).toBe(existing);
  });

  it('requires folder and profiles', () => {
    expect(formErrors({ ...form, rootFolderPath: '', qualityProfileId: '' })).toEqual([
      'Choose a root folder',
      'Choose a quality profile',
    ]);
  });
});
