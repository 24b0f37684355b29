import { describe, expect, it } from 'vitest';
import { browseStart, entryLabel, folderName } from './PathInput';

describe('folder browser start', () => {
  it('starts from the typed folder, as a folder', () => {
    expect(browseStart('/data/books')).toBe('/data/books/');
    expect(browseStart(' /data/books/ ')).toBe('/data/books/');
  });

  it('starts from the top for nothing or a relative path', () => {
    expect(browseStart('')).toBe('');
    expect(browseStart('books')).toBe('');
  });
});

describe('folder names', () => {
  it('names a folder by its last segment', () => {
    expect(folderName('/data/books/')).toBe('books');
    expect(folderName('/data/My Books')).toBe('My Books');
    expect(folderName('/')).toBe('');
  });

  it('lists the top folder as / and the others with one trailing slash', () => {
    expect(entryLabel('/')).toBe('/');
    expect(entryLabel('tmp')).toBe('tmp/');
  });
});
