import { QUALITY_IDS } from '../../library/profile/quality/quality';
import { matchBooks, parseWithSearchCriteria } from './book-matcher';
import type { LibraryAuthor, LibraryBook } from './library-lookup.repository';
import { parseQuality } from './quality-parser';
import { parseReleaseTitle } from './release-parser';

describe('parseReleaseTitle', () => {
  it.each([
    [
      'Ursula K. Le Guin - A Wizard of Earthsea (1968) [EPUB]',
      'Ursula K. Le Guin',
      'A Wizard of Earthsea',
      QUALITY_IDS.epub,
    ],
    ['Ursula K Le Guin - The Dispossessed (mobi)', 'Ursula K Le Guin', 'The Dispossessed', QUALITY_IDS.mobi],
    ['Iain M. Banks - Excession [AZW3]', 'Iain M. Banks', 'Excession', QUALITY_IDS.azw3],
    ['Frank Herbert - Dune (PDF)', 'Frank Herbert', 'Dune', QUALITY_IDS.pdf],
    ['Andy Weir - Project Hail Mary (Unabridged) [M4B] 64kbps', 'Andy Weir', 'Project Hail Mary', QUALITY_IDS.m4b],
    ['Andy Weir - The Martian MP3 128kbps', 'Andy Weir', 'The Martian', QUALITY_IDS.mp3],
    ['Neil Gaiman - American Gods [FLAC]', 'Neil Gaiman', 'American Gods', QUALITY_IDS.flac],
    [
      'Terry Pratchett - Mort (Audiobook, narrated by Nigel Planer)',
      'Terry Pratchett',
      'Mort',
      QUALITY_IDS.unknownAudio,
    ],
    ['Terry Pratchett - Guards! Guards!', 'Terry Pratchett', 'Guards! Guards!', QUALITY_IDS.unknownText],
  ])('%s', (title, author, book, quality) => {
    const parsed = parseReleaseTitle(title)!;
    expect(parsed).toMatchObject({ authorName: author, bookTitle: book, qualityId: quality, releaseTitle: title });
  });

  it('reads scene titles with a release group, year and version', () => {
    const parsed = parseReleaseTitle('Brandon.Sanderson-Mistborn.The.Final.Empire.2006.RETAIL.EPUB-GROUP')!;
    expect(parsed).toMatchObject({
      authorName: 'Brandon Sanderson',
      bookTitle: 'Mistborn The Final Empire',
      releaseGroup: 'GROUP',
      releaseDate: '2006',
      qualityId: QUALITY_IDS.epub,
    });
    expect(parseReleaseTitle('Author Name - Book Title v2 EPUB-XYZ')).toMatchObject({
      releaseGroup: 'XYZ',
      releaseVersion: '2',
      revision: { version: 2, real: 0, isRepack: false },
    });
  });

  it('reads "Book by Author", extensions, hashes and bracket groups', () => {
    expect(parseReleaseTitle('A Wizard of Earthsea by Ursula K. Le Guin.epub')).toMatchObject({
      authorName: 'Ursula K. Le Guin',
      bookTitle: 'A Wizard of Earthsea',
      qualityId: QUALITY_IDS.epub,
    });
    expect(parseReleaseTitle('Author - Title [ABCDEF12]')).toMatchObject({
      releaseHash: 'ABCDEF12',
      bookTitle: 'Title',
    });
    expect(parseReleaseTitle('Author - Title (epub) [GRP]')).toMatchObject({ releaseGroup: 'GRP' });
  });

  it('recognises discographies and their year ranges', () => {
    expect(parseReleaseTitle('Isaac Asimov - Complete Works (1950-1992) [EPUB]')).toMatchObject({
      authorName: 'Isaac Asimov',
      discography: true,
      discographyStart: 1950,
      discographyEnd: 1992,
    });
    const plain = parseReleaseTitle('Isaac Asimov - Discography')!;
    expect(plain.discography).toBe(true);
    expect(plain.bookTitle).toBeUndefined();
  });

  it('returns null when no author can be told apart', () => {
    expect(parseReleaseTitle('')).toBeNull();
    expect(parseReleaseTitle('JustOneWord')).toBeNull();
  });
});

describe('parseQuality', () => {
  it('takes the best format of a pack and the revision', () => {
    expect(parseQuality('Author - Book (epub, mobi, pdf)').qualityId).toBe(QUALITY_IDS.epub);
    expect(parseQuality('Author - Book PROPER EPUB').revision).toEqual({ version: 2, real: 0, isRepack: false });
    expect(parseQuality('Author - Book REPACK EPUB').revision.isRepack).toBe(true);
  });
});

describe('matching releases to books', () => {
  const author: LibraryAuthor = {
    id: 1,
    name: 'Ursula K. Le Guin',
    aliases: [],
    monitored: true,
    qualityProfileId: 1,
    tags: [],
  };
  const book = (id: number, title: string, year = 2000): LibraryBook => ({
    id,
    authorId: 1,
    title,
    editionTitle: null,
    monitored: true,
    releaseDate: new Date(Date.UTC(year, 0, 1)),
    pageCount: 200,
  });
  const books = [
    book(1, 'A Wizard of Earthsea', 1968),
    book(2, 'The Tombs of Atuan', 1970),
    book(3, 'Tehanu: The Last Book of Earthsea', 1990),
  ];

  it('prefers an equal title, accepts subtitles and series prefixes', () => {
    expect(matchBooks(parseReleaseTitle('Le Guin - A Wizard of Earthsea (epub)')!, books).map((b) => b.id)).toEqual([
      1,
    ]);
    expect(matchBooks(parseReleaseTitle('Le Guin - Tehanu (epub)')!, books).map((b) => b.id)).toEqual([3]);
    expect(matchBooks(parseReleaseTitle('Le Guin - Earthsea 02 The Tombs of Atuan')!, books).map((b) => b.id)).toEqual([
      2,
    ]);
    expect(matchBooks(parseReleaseTitle('Le Guin - Something Else')!, books)).toEqual([]);
  });

  it('maps a discography to the books of its year range', () => {
    expect(matchBooks(parseReleaseTitle('Le Guin - Collection 1965-1975')!, books).map((b) => b.id)).toEqual([1, 2]);
  });

  it('finds author and book inside titles without a separator', () => {
    const parsed = parseWithSearchCriteria('UrsulaKLeGuin_TheTombsOfAtuan_EPUB', author, books);
    expect(parsed).toMatchObject({ bookTitle: 'The Tombs of Atuan', qualityId: QUALITY_IDS.epub });
    expect(parseWithSearchCriteria('Someone Else The Tombs of Atuan', author, books)).toBeNull();
  });
});
