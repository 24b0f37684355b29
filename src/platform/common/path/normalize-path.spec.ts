import { normalizePath } from './normalize-path';

describe('normalizePath', () => {
  it('drops trailing separators but keeps the root', () => {
    expect(normalizePath('/books/')).toBe('/books');
    expect(normalizePath('/books//')).toBe('/books');
    expect(normalizePath('/books\\')).toBe('/books');
    expect(normalizePath('/')).toBe('/');
  });

  it('trims and resolves doubled separators, . and ..', () => {
    expect(normalizePath('  /books/Ursula K. Le Guin  ')).toBe('/books/Ursula K. Le Guin');
    expect(normalizePath('/books//./fantasy/../Le Guin')).toBe('/books/Le Guin');
  });

  it('leaves an empty path empty', () => {
    expect(normalizePath('   ')).toBe('');
  });
});
