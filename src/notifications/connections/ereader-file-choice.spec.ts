import { chooseEReaderFile, EReaderFile } from './ereader-file-choice';

const file = (fileId: number, format: string, size: number | undefined): EReaderFile => ({
  fileId,
  path: `/books/${fileId}.${format.toLowerCase()}`,
  format,
  size,
});
const MB = 1024 * 1024;

describe('chooseEReaderFile', () => {
  it('takes the most preferred acceptable format', () => {
    const files = [file(1, 'PDF', MB), file(2, 'EPUB', MB), file(3, 'M4B', MB)];
    expect(chooseEReaderFile(files, ['EPUB', 'PDF'], 50 * MB)).toMatchObject({ kind: 'send', file: { fileId: 2 } });
    expect(chooseEReaderFile(files, ['pdf', 'epub'], 50 * MB)).toMatchObject({ kind: 'send', file: { fileId: 1 } });
  });

  it('falls back to a less preferred format when the preferred file is too large or gone', () => {
    const files = [file(1, 'EPUB', 80 * MB), file(2, 'PDF', 10 * MB)];
    expect(chooseEReaderFile(files, ['EPUB', 'PDF'], 50 * MB)).toMatchObject({ kind: 'send', file: { fileId: 2 } });
    const gone = [file(1, 'EPUB', undefined), file(2, 'PDF', 10 * MB)];
    expect(chooseEReaderFile(gone, ['EPUB', 'PDF'], 50 * MB)).toMatchObject({ kind: 'send', file: { fileId: 2 } });
  });

  it('says why nothing is sent', () => {
    expect(chooseEReaderFile([], ['EPUB'], MB)).toEqual({ kind: 'noFile' });
    expect(chooseEReaderFile([file(1, 'M4B', MB), file(2, 'MP3', MB)], ['EPUB', 'PDF'], 50 * MB)).toEqual({
      kind: 'noFormat',
      available: ['M4B', 'MP3'],
    });
    expect(chooseEReaderFile([file(1, 'EPUB', 60 * MB), file(2, 'EPUB', 55 * MB)], ['EPUB'], 50 * MB)).toMatchObject({
      kind: 'tooLarge',
      file: { fileId: 2 },
    });
    expect(chooseEReaderFile([file(1, 'EPUB', undefined)], ['EPUB'], MB)).toMatchObject({ kind: 'missing' });
  });
});
