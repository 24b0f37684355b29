import { describe, expect, it } from 'vitest';
import { browseStart } from './PathInput';

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
