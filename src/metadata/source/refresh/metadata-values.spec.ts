import { changedValues } from './metadata-values';

describe('changedValues (compare before write)', () => {
  it('ignores key order of jsonb objects, Date identity and undefined vs null', () => {
    const current = {
      title: 'A',
      releaseDate: new Date('2000-01-01T00:00:00Z'),
      ratings: { popularity: 1, value: 2, votes: 3 },
      overview: null as string | null,
      genres: ['x', 'y'],
    };
    expect(
      changedValues(current, {
        title: 'A',
        releaseDate: new Date('2000-01-01T00:00:00.000Z'),
        ratings: { votes: 3, value: 2, popularity: 1 },
        overview: undefined,
        genres: ['x', 'y'],
      }),
    ).toEqual({});
  });

  it('returns only the differing columns', () => {
    const current = { title: 'A', genres: ['x'], images: [{ url: 'u', coverType: 'cover' }] };
    expect(changedValues(current, { title: 'B', genres: ['x'], images: [{ url: 'v', coverType: 'cover' }] })).toEqual({
      title: 'B',
      images: [{ url: 'v', coverType: 'cover' }],
    });
    expect(changedValues(current, { genres: ['y', 'x'] })).toEqual({ genres: ['y', 'x'] });
  });
});
