import { NAMING_CONFIG_DEFAULTS, type NamingConfig } from '../../platform/settings/naming/naming-config';
import {
  bookFileName,
  cleanFileName,
  type NamingContext,
  renderComponent,
  replaceColons,
  sampleContext,
  titleThe,
} from './naming-engine';

const rules = { replaceIllegalCharacters: true, colonReplacementFormat: 4 };
const ctx: NamingContext = sampleContext(1);
const render = (pattern: string, context = ctx) => renderComponent(pattern, context, rules);

describe('naming engine tokens', () => {
  it.each([
    ['{Author Name}', 'The Author Name'],
    ['{Author CleanName}', 'The Author Name'],
    ['{Author NameThe}', 'Author Name, The'],
    ['{Author SortName}', 'Author Name, The'],
    ['{Author NameFirstCharacter}', 'A'],
    ['{Author Disambiguation}', 'US Author'],
    ['{Book Title}', 'The Edition Title'],
    ['{Book CleanTitle}', 'The Edition Title'],
    ['{Book TitleThe}', 'Edition Title, The'],
    ['{Book Series}', 'Series Title'],
    ['{Book SeriesPosition}', '1'],
    ['{Book SeriesTitle}', 'Series Title #1'],
    ['{Series Title}', 'Series Title'],
    ['{Series Position}', '1'],
    ['{Series Position:00}', '01'],
    ['{series title}', 'series title'],
    ['{Series.Title}', 'Series.Title'],
    ['{Series Title - }{Series Position}', 'Series Title - 1'],
    ['{Book Disambiguation}', 'Special'],
    ['{Release Year}', '2020'],
    ['{Edition Year}', '2020'],
    ['{Release YearFirst}', '2019'],
    ['{Original Title}', 'The.Author.Name-The.Book.Title-MP3-RlsGrp'],
    ['{Original Filename}', 'The Author Name - The Book Title'],
    ['{Release Group}', 'RlsGrp'],
    ['{Quality Full}', 'MP3'],
    ['{Quality Title}', 'MP3'],
    ['{Quality Proper}', ''],
    ['{MediaInfo AudioCodec}', 'MP3'],
    ['{MediaInfo AudioChannels}', '2.0'],
    ['{MediaInfo AudioBitRate}', '320 kbps'],
    ['{MediaInfo AudioSampleRate}', '44.1 kHz'],
    ['{Custom Formats}', 'Surround x265'],
    ['{Unknown Token}', ''],
  ])('%s → %s', (pattern, expected) => {
    expect(render(pattern)).toBe(expected);
  });

  it('{Series Position} gives the number of positions written as text, keeps fractions, pads with :00', () => {
    const at = (seriesPosition: string) => ({ ...ctx, book: { ...ctx.book, seriesPosition } });
    expect(render('{Series Position}', at('Book 3 of 7'))).toBe('3');
    expect(render('{Series Position:00}', at('2.5'))).toBe('02.5');
    expect(render('{Series Position}', at('0.5'))).toBe('0.5');
    expect(render('{Series Position}', at('Prequel'))).toBe('Prequel');
    expect(render('{Book SeriesPosition}', at('Book 3 of 7'))).toBe('Book 3 of 7');
    const none = { ...ctx, book: { title: 'Standalone' } };
    const pattern = '{Author Name} - {Series Title }{(Series Position) - }{Book Title}';
    expect(render(pattern, none)).toBe('The Author Name - The Edition Title');
    expect(render(pattern)).toBe('The Author Name - Series Title (1) - The Edition Title');
  });

  it('subtitle tokens split at the colon', () => {
    const sub = { ...ctx, edition: { title: 'Dune: The Desert Planet' } };
    expect(render('{Book TitleNoSub}', sub)).toBe('Dune');
    expect(render('{Book Subtitle}', sub)).toBe('The Desert Planet');
    expect(render('{Book CleanTitleNoSub}', sub)).toBe('Dune');
    expect(render('{Book SubtitleThe}', sub)).toBe('Desert Planet, The');
    expect(render('{Book CleanSubtitle}', sub)).toBe('The Desert Planet');
    expect(render('{Book TitleTheNoSub}', { ...ctx, edition: { title: 'The Dune: X' } })).toBe('Dune, The');
  });

  it('release year falls back to the book, then Unknown; series tokens are empty without a series', () => {
    const bare: NamingContext = { author: { name: 'A' }, book: { title: 'B', releaseDate: new Date('2001-02-03') } };
    expect(render('{Release Year}', bare)).toBe('2001');
    expect(render('{Edition Year}', bare)).toBe('Unknown');
    expect(render('{Release YearFirst}', { ...bare, book: { title: 'B' } })).toBe('Unknown');
    expect(render('{Book SeriesTitle}', bare)).toBe('');
    expect(render('{Release Group}', bare)).toBe('Readarr');
    expect(render('{Release Group:Nobody}', bare)).toBe('Nobody');
  });

  it('proper and repack revisions', () => {
    const file = { ...ctx.file!, revision: { version: 2, real: 0, isRepack: false } };
    expect(render('{Quality Full}', { ...ctx, file })).toBe('MP3 Proper');
    expect(render('{Quality Proper}', { ...ctx, file })).toBe('Proper');
    expect(render('{Quality Full}', { ...ctx, file: { ...file, revision: { version: 2, isRepack: true } } })).toBe(
      'MP3 Repack',
    );
  });

  it('token case controls value case; separators in the token are echoed', () => {
    expect(render('{author name}')).toBe('the author name');
    expect(render('{AUTHOR NAME}')).toBe('THE AUTHOR NAME');
    expect(render('{Author.Name}')).toBe('The.Author.Name');
    expect(render('{Author_Name}')).toBe('The_Author_Name');
    expect(render('{Author-Name}')).toBe('The-Author-Name');
  });

  it('prefix and suffix only appear with a value; PartNumber blocks vanish for single-file books', () => {
    expect(render('{Author Name}{ (PartNumber)}')).toBe('The Author Name');
    const multi = sampleContext(3);
    multi.file!.part = 2;
    expect(render('{Author Name}{ (PartNumber)}', multi)).toBe('The Author Name (2)');
    expect(render('{Book Title} - {PartNumber:00} of {PartCount:00}', multi)).toBe('The Edition Title - 02 of 03');
    expect(render('{Author Name}{ [Author Disambiguation]}')).toBe('The Author Name [US Author]');
    expect(render('{Author Name}{ [Book Disambiguation]}', { ...ctx, edition: { title: 'x' } })).toBe(
      'The Author Name',
    );
  });

  it('collapses repeated separators and trims trailing ones', () => {
    expect(render('{Author Name} - {Book Series} - ', { ...ctx, book: { title: 't' } })).toBe('The Author Name');
    expect(render('{Author.Name}..{Book.Series}.', { ...ctx, book: { title: 't' } })).toBe('The.Author.Name');
  });
});

describe('illegal characters and colons', () => {
  it.each([
    [0, 'Dune: Messiah', 'Dune Messiah'],
    [1, 'Dune: Messiah', 'Dune- Messiah'],
    [2, 'Dune: Messiah', 'Dune - Messiah'],
    [3, 'Dune: Messiah', 'Dune -  Messiah'],
    [4, 'Dune: Messiah', 'Dune - Messiah'],
    [4, '10:30', '10-30'],
  ])('colon format %i: %s → %s', (format, input, expected) => {
    expect(replaceColons(input, format)).toBe(expected);
  });

  it('replaces or removes characters that are illegal in file names', () => {
    expect(cleanFileName('AC/DC? <Live> * "x" | y\\z', rules)).toBe('AC+DC! Live - x  y+z');
    expect(cleanFileName('AC/DC? <Live>', { ...rules, replaceIllegalCharacters: false })).toBe('ACDC Live');
    expect(render('{Book Title}', { ...ctx, edition: { title: 'What/If?: Part 1' } })).toBe('What+If! - Part 1');
  });

  it('titleThe handles articles', () => {
    expect(titleThe('A Wizard of Earthsea')).toBe('Wizard of Earthsea, A');
    expect(titleThe('Theory')).toBe('Theory');
  });
});

describe('book file names', () => {
  it('the default format makes a book folder and a file name', () => {
    const config: NamingConfig = {
      ...NAMING_CONFIG_DEFAULTS,
      standardBookFormat: '{Book Title}/{Author Name} - {Book Title}{ (PartNumber)}',
    };
    expect(bookFileName(config, ctx)).toEqual(['The Edition Title', 'The Author Name - The Edition Title']);
    expect(bookFileName(config, sampleContext(2))).toEqual([
      'The Edition Title',
      'The Author Name - The Edition Title (1)',
    ]);
  });
});
