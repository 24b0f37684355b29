import { cleanName } from '../../platform/common/text/clean-name';
import { authorTitle, nameLastFirst, sortName } from './names';

describe('author name forms', () => {
  it.each([
    ['Stephen King', 'King, Stephen'],
    ['J.R.R. Tolkien', 'Tolkien, J.R.R.'],
    ['Ursula K. Le Guin', 'Le Guin, Ursula K.'],
    ['Ludwig van Beethoven', 'van Beethoven, Ludwig'],
    ['Martin Luther King Jr.', 'King, Martin Luther Jr.'],
    ['Homer', 'Homer'],
    ['Tolkien, J.R.R.', 'Tolkien, J.R.R.'],
  ])('%s → %s', (name, expected) => {
    expect(nameLastFirst(name)).toBe(expected);
  });

  it('sort, clean and authorTitle forms', () => {
    expect(sortName('  J.R.R.  Tolkien ')).toBe('j.r.r. tolkien');
    expect(cleanName('The Lord of the Rings: Númenor')).toBe('lordoftheringsnumenor');
    expect(authorTitle('J.R.R. Tolkien', 'The Hobbit')).toBe('tolkien, j.r.r. The Hobbit');
  });
});
