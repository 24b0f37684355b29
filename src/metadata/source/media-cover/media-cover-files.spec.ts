import { join } from 'node:path';
import { coverFolder, isInside, parseCoverFilename, sniffImageType, storedName } from './media-cover-files';

describe('media cover file names', () => {
  it.each([
    ['poster.jpg', { coverType: 'poster', size: undefined, extension: 'jpg' }],
    ['poster-250.jpg', { coverType: 'poster', size: '250', extension: 'jpg' }],
    ['cover-500.png', { coverType: 'cover', size: '500', extension: 'png' }],
    ['Cover.GIF', { coverType: 'cover', size: undefined, extension: 'gif' }],
  ])('accepts %s', (name, expected) => {
    expect(parseCoverFilename(name)).toEqual(expected);
  });

  it.each([
    '../poster.jpg',
    'poster.jpg/..',
    'poster-100.jpg',
    'poster.svg',
    '.sources.json',
    'poster.jpg\0.png',
    'x.jpg',
    '',
  ])('rejects %j', (name) => {
    expect(parseCoverFilename(name)).toBeUndefined();
  });

  it('uses Readarr’s folder layout and never leaves the root', () => {
    expect(coverFolder('/data/MediaCover', 'author', 7)).toBe(join('/data/MediaCover', '7'));
    expect(coverFolder('/data/MediaCover', 'book', 7)).toBe(join('/data/MediaCover', 'Books', '7'));
    expect(() => coverFolder('/data/MediaCover', 'book', -1)).toThrow();
    expect(storedName('poster', '250')).toBe('poster-250.jpg');
    expect(isInside('/data/MediaCover', '/data/MediaCover/7/poster.jpg')).toBe(true);
    expect(isInside('/data/MediaCover', '/data/MediaCover/../secret')).toBe(false);
    expect(isInside('/data/MediaCover', '/data/MediaCover')).toBe(false);
  });

  it('sniffs image types from the first bytes', () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('image/png');
    expect(sniffImageType(Buffer.from('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('<html>'))).toBeUndefined();
  });
});
