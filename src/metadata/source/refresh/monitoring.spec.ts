import { booksToMonitor, monitorNewBook } from './monitoring';

const now = new Date('2025-06-01T00:00:00Z');
const books = [
  { foreignBookId: 'A', releaseDate: new Date('1937-01-01T00:00:00Z') },
  { foreignBookId: 'B', releaseDate: new Date('1954-01-01T00:00:00Z'), hasFile: true },
  { foreignBookId: 'C', releaseDate: new Date('2024-01-01T00:00:00Z') },
  { foreignBookId: 'D', releaseDate: new Date('2026-01-01T00:00:00Z') },
  { foreignBookId: 'E' },
];
const ids = (monitor: string, booksToMonitorIds?: string[]) =>
  [...booksToMonitor(books, { monitor, booksToMonitor: booksToMonitorIds }, now)].sort();

describe('monitoring per addOptions', () => {
  it.each([
    ['all', ['A', 'B', 'C', 'D', 'E']],
    ['future', ['D']],
    ['missing', ['A', 'C', 'D', 'E']],
    ['existing', ['B']],
    ['latest', ['C']],
    ['first', ['A']],
    ['none', []],
    ['unknown', []],
  ])('%s', (monitor, expected) => {
    expect(ids(monitor)).toEqual(expected);
  });

  it('defaults to all and adds booksToMonitor (known ids only)', () => {
    expect([...booksToMonitor(books, {}, now)]).toHaveLength(5);
    expect(ids('none', ['B', 'Z'])).toEqual(['B']);
    expect(ids('first', ['E'])).toEqual(['A', 'E']);
  });

  it('monitorNewItems decides for books that appear later', () => {
    const added = new Date('2020-01-01T00:00:00Z');
    expect(monitorNewBook('all', undefined, added)).toBe(true);
    expect(monitorNewBook('none', new Date('2030-01-01'), added)).toBe(false);
    expect(monitorNewBook('new', new Date('2021-01-01'), added)).toBe(true);
    expect(monitorNewBook('new', new Date('2019-01-01'), added)).toBe(false);
    expect(monitorNewBook('new', undefined, added)).toBe(false);
  });
});
