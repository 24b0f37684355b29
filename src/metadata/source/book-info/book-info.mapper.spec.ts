import { languageCode } from './book-info.language';
import { indexSeries, mapAuthor, mapSeries, mapWork } from './book-info.mapper';
import type { BiAuthor, BiWork } from './book-info.types';

describe('BookInfo mapping', () => {
  const work: BiWork = {
    ForeignId: 42,
    Title: 'The Book',
    ReleaseDate: '2001-05-02T00:00:00Z',
    Genres: ['fantasy'],
    Books: [
      { ForeignId: 7, Title: 'The Book', Isbn13: '9780000000002', Language: 'fra', NumPages: 120, RatingCount: 10 },
      { ForeignId: 8, Title: 'Das Buch', Isbn13: 'not-an-isbn', Language: 'German', RatingCount: 5 },
    ],
    Series: [
      {
        ForeignId: 9,
        Title: 'Saga',
        LinkItems: [{ ForeignWorkId: 42, PositionInSeries: '', SeriesPosition: 3, Primary: true }],
      },
    ],
  };

  it('maps a work with its editions, languages as ISO 639-2/B, and its series links', () => {
    const book = mapWork(work, new Map(), { ForeignId: 5, Name: 'Ann Author' });
    expect(book).toMatchObject({
      foreignBookId: '42',
      title: 'The Book',
      authors: [{ foreignAuthorId: '5', name: 'Ann Author' }],
      editionCount: 2,
      languages: ['fre', 'ger'],
      coverEditionId: '7',
      series: [{ foreignSeriesId: '9', title: 'Saga', position: '3', isPrimary: true }],
    });
    expect(book.ratings.votes).toBe(15);
    expect(book.editions?.map((edition) => [edition.foreignEditionId, edition.isbn13, edition.foreignBookId])).toEqual([
      ['7', '9780000000002', '42'],
      ['8', undefined, '42'],
    ]);
  });

  it('takes series from the answer around the work (author-level lists) and keeps textual positions', () => {
    const index = indexSeries([
      { ForeignId: 1, Title: 'Discworld', LinkItems: [{ ForeignWorkId: 42, PositionInSeries: 'Book 3 of 7' }] },
    ]);
    const book = mapWork({ ...work, Series: [] }, index);
    expect(book.series).toEqual([
      { foreignSeriesId: '1', title: 'Discworld', position: 'Book 3 of 7', isPrimary: false },
    ]);
    expect(mapSeries({ ForeignId: 1, Title: 'Loose', LinkItems: [{ ForeignWorkId: 3 }] })).toMatchObject({
      numbered: false,
      works: [{ foreignBookId: '3', position: undefined, isPrimary: false }],
    });
  });

  it('maps an author', () => {
    const author: BiAuthor = { ForeignId: 5, Name: ' Ann Author ', ImageUrl: 'https://img/a.jpg', Works: [work] };
    expect(mapAuthor(author)).toMatchObject({
      foreignAuthorId: '5',
      name: 'Ann Author',
      images: [{ coverType: 'poster', url: 'https://img/a.jpg' }],
      workCount: 1,
      genres: ['fantasy'],
    });
  });

  it.each([
    ['eng', 'eng'],
    ['deu', 'ger'],
    ['English', 'eng'],
    ['Spanish; Castilian', 'spa'],
    ['', undefined],
    ['Klingon', undefined],
  ])('language %j → %j', (input, expected) => {
    expect(languageCode(input)).toBe(expected);
  });
});
