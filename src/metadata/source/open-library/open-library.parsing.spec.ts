import {
  genresFromSubjects,
  isbn10To13,
  olId,
  openLibrarySeriesId,
  parsePublishDate,
  parseSeriesStatement,
  popularity,
  textValue,
} from './open-library.parsing';

const iso = (text: string) => parsePublishDate(text)?.toISOString().slice(0, 10);

describe('parsePublishDate (Open Library free text)', () => {
  it.each([
    ['1937', '1937-01-01'],
    ['September 21, 1937', '1937-09-21'],
    ['21 September 1937', '1937-09-21'],
    ['Sep 18, 2012', '2012-09-18'],
    ['Sept. 1999', '1999-09-01'],
    ['1999-05', '1999-05-01'],
    ['2001-01-12', '2001-01-12'],
    ['c1954', '1954-01-01'],
    ['[1954?]', '1954-01-01'],
    ['©1980', '1980-01-01'],
    ['1954-1955', '1954-01-01'],
    ['05/14/2003', '2003-05-14'],
    ['February 30, 2001', '2001-02-01'],
  ])('%s → %s', (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it.each(['', 'n.d.', 'unknown', '87', '0000', '9999', 'MCMLIV'])('%s → undefined', (text) => {
    expect(parsePublishDate(text)).toBeUndefined();
  });
});

describe('Open Library helpers', () => {
  it('reads text fields given as a string or {type, value}', () => {
    expect(textValue('  A bio. ')).toBe('A bio.');
    expect(textValue({ type: '/type/text', value: 'Typed.' })).toBe('Typed.');
    expect(textValue({ type: '/type/text' })).toBeUndefined();
    expect(textValue('')).toBeUndefined();
  });

  it('strips key prefixes', () => {
    expect(olId('/authors/OL26320A')).toBe('OL26320A');
    expect(olId('OL1W')).toBe('OL1W');
  });

  it('converts ISBN-10 to ISBN-13 with the right check digit', () => {
    expect(isbn10To13('0261102214')).toBe('9780261102217');
    expect(isbn10To13('0-345-32581-8')).toBe('9780345325815');
    expect(isbn10To13('123')).toBeUndefined();
  });

  it('keeps real subjects as genres (no machine tags, no library noise, no duplicates, at most 10)', () => {
    expect(
      genresFromSubjects(['Fantasy fiction', 'nyt:series_books=2012', 'Accessible book', 'fantasy fiction', 'Dragons']),
    ).toEqual(['Fantasy fiction', 'Dragons']);
    expect(genresFromSubjects(Array.from({ length: 20 }, (_, i) => `Subject ${i}`))).toHaveLength(10);
  });

  it('popularity = rating × votes + reading-log shelves + 25 × editions', () => {
    expect(popularity({})).toBe(0);
    expect(popularity({ editionCount: 1, wantToRead: 3, alreadyRead: 1 })).toBe(29);
    expect(popularity({ ratingsAverage: 4, ratingsCount: 100, editionCount: 2, currentlyReading: 10 })).toBe(460);
  });
});

describe('parseSeriesStatement (Open Library `series` strings)', () => {
  it.each([
    ['Discworld ; 1', 'Discworld', '1'],
    ['(Discworld ; 1)', 'Discworld', '1'],
    ['The Expanse #3', 'The Expanse', '3'],
    ['The Expanse, #3.', 'The Expanse', '3'],
    ['Discworld series -- 2.5', 'Discworld', '2.5'],
    ['Harry Potter (Book 4)', 'Harry Potter', '4'],
    ['Wheel of Time, book 3 of 14', 'Wheel of Time', '3'],
    ['Dune vol. 2', 'Dune', '2'],
    ['Discworld, 0.5', 'Discworld', '0.5'],
    ['Penguin classics', 'Penguin classics', undefined],
    ['Catch-22', 'Catch-22', undefined],
  ])('%s → %s / %s', (text, title, position) => {
    expect(parseSeriesStatement(text)).toEqual({ title, position });
  });

  it('ignores empty and number-only statements', () => {
    expect(parseSeriesStatement('')).toBeUndefined();
    expect(parseSeriesStatement('  ')).toBeUndefined();
    expect(parseSeriesStatement('12')).toBeUndefined();
    expect(parseSeriesStatement(undefined)).toBeUndefined();
  });

  it('derives one stable id per normalised title', () => {
    expect(openLibrarySeriesId('Discworld')).toBe('OLS:discworld');
    expect(openLibrarySeriesId('discworld')).toBe(openLibrarySeriesId('Discworld'));
    expect(openLibrarySeriesId('The Expanse')).toBe('OLS:expanse');
    expect(openLibrarySeriesId('Les Annales du Disque-monde')).toBe('OLS:les-annales-du-disque-monde');
    expect(openLibrarySeriesId('Ærø & Côte')).toBe('OLS:ærø-and-cote');
  });
});
