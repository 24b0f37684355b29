import { cleanName } from '../../platform/common/text/clean-name';
import { authorFolderName, authorNames, nameLastFirst } from './author-names';

describe('author names', () => {
  it.each([
    ['Stephen King', 'King, Stephen'],
    ['Ursula K. Le Guin', 'Le Guin, Ursula K.'],
    ['Ludwig van Beethoven', 'van Beethoven, Ludwig'],
    ['Kurt Vonnegut Jr.', 'Vonnegut, Kurt Jr.'],
    ['Homer', 'Homer'],
  ])('%s → %s', (name, expected) => {
    expect(nameLastFirst(name)).toBe(expected);
  });

  it('derives sort and clean names', () => {
    expect(authorNames('The Brothers Grimm')).toMatchObject({
      sortName: 'the brothers grimm',
      sortNameLastFirst: 'grimm, the brothers',
      cleanName: 'brothersgrimm',
    });
    expect(cleanName('Émile Zola')).toBe('emilezola');
  });

  it('builds folder names without characters illegal in paths', () => {
    expect(authorFolderName('AC/DC: "Live"?')).toBe('ACDC Live');
    expect(authorFolderName('Trailing. ')).toBe('Trailing');
  });
});
