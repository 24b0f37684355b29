import { scoreMatch } from './file-match-score';

const target = {
  bookTitle: 'The Left Hand of Darkness',
  editionTitles: ['The Left Hand of Darkness: 50th Anniversary Edition'],
  authorName: 'Ursula K. Le Guin',
  isbns: ['9780441478125'],
};

describe('file match score', () => {
  it('an ISBN from the file decides', () => {
    expect(scoreMatch('/x/a.epub', { authors: [], isbn: '978-0-441-47812-5', title: 'Other' }, target, false)).toEqual({
      percent: 100,
      source: 'isbn',
    });
  });

  it('tags before names: a well-tagged file with a meaningless name matches', () => {
    const score = scoreMatch(
      '/dl/x9f3/abc.epub',
      { title: 'The Left Hand of Darkness', authors: ['Ursula K. Le Guin'] },
      target,
      false,
    );
    expect(score).toEqual({ percent: 100, source: 'tags' });
    const subtitle = scoreMatch(
      '/dl/abc.epub',
      { title: 'The Left Hand of Darkness: A Novel', authors: ['Le Guin'] },
      target,
      false,
    );
    expect(subtitle.percent).toBeGreaterThanOrEqual(80);
  });

  it('falls back to folder and file names; the author known from the grab counts', () => {
    const byName = scoreMatch('/dl/Ursula K Le Guin - The Left Hand of Darkness/book.epub', undefined, target, false);
    expect(byName).toEqual({ percent: 100, source: 'name' });
    const titleOnly = scoreMatch('/dl/Left Hand of Darkness.epub', { authors: [] }, target, true);
    expect(titleOnly.percent).toBe(100);
    const unrelated = scoreMatch('/dl/Cookbook.epub', undefined, target, false);
    expect(unrelated.percent).toBeLessThan(30);
  });
});
