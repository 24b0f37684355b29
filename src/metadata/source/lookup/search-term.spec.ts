import { parseSearchTerm } from './search-term';

describe('parseSearchTerm (Readarr term prefixes)', () => {
  it.each([
    ['isbn:978-0-261-10221-7', { kind: 'isbn', value: '9780261102217' }],
    ['ISBN: 026110221x', { kind: 'isbn', value: '026110221X' }],
    ['asin:b007978npg', { kind: 'asin', value: 'B007978NPG' }],
    ['edition:ol7353617m', { kind: 'edition', value: 'OL7353617M' }],
    ['Work:OL262758W', { kind: 'work', value: 'OL262758W' }],
    ['author:/authors/OL26320A', { kind: 'author', value: 'OL26320A' }],
    ['work:openlibrary.org/works/OL1W/Title', { kind: 'work', value: 'OL1W' }],
  ])('%s', (term, expected) => {
    expect(parseSearchTerm(term)).toEqual(expected);
  });

  it.each(['the hobbit', 'goodreads:123', 'work:OL1W:extra', 'isbn:', 'Star Wars: Heir to the Empire'])(
    '%s is free text',
    (term) => {
      expect(parseSearchTerm(term)).toEqual({ kind: 'text', value: term.trim() });
    },
  );
});
