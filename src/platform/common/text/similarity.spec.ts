import { containment, normalise, similarity } from './similarity';

describe('text similarity', () => {
  it('normalises punctuation, case and articles', () => {
    expect(normalise("The Hitchhiker's Guide: A Trilogy & More")).toBe('hitchhikers guide trilogy and more');
    expect(similarity('Le Guin, Ursula', 'le guin ursula')).toBe(1);
    expect(containment('Ursula K Le Guin - The Left Hand of Darkness (2019) [EPUB]', 'The Left Hand of Darkness')).toBe(
      1,
    );
  });

  it('scores unrelated text low', () => {
    expect(similarity('The Left Hand of Darkness', 'Cookbook')).toBeLessThan(0.3);
    expect(containment('Cookbook.epub', 'The Left Hand of Darkness')).toBe(0);
  });
});
