import type { RemoteBook, RemoteEdition } from '../metadata-source';
import {
  editionAllowed,
  isPartOrSet,
  isSeriesSecondary,
  matchesIgnored,
  parseAllowedLanguages,
  pickMonitoredEdition,
  ProfileRules,
  workRejection,
} from './book-filter';

const rules = (overrides: Partial<ProfileRules> = {}): ProfileRules => ({
  minPopularity: 0,
  skipMissingDate: false,
  skipMissingIsbn: false,
  skipPartsAndSets: false,
  skipSeriesSecondary: false,
  allowedLanguages: null,
  minPages: 0,
  ignored: [],
  ...overrides,
});

const work = (overrides: Partial<RemoteBook> = {}): RemoteBook => ({
  foreignBookId: 'OL1W',
  title: 'A Book',
  authors: [{ foreignAuthorId: 'OL1A' }],
  releaseDate: new Date('2000-01-01T00:00:00Z'),
  genres: [],
  images: [],
  links: [],
  ratings: { votes: 0, value: 0, popularity: 500 },
  editionCount: 20,
  languages: [],
  ...overrides,
});

const edition = (overrides: Partial<RemoteEdition> = {}): RemoteEdition => ({
  foreignEditionId: 'OL1M',
  title: 'A Book',
  isEbook: false,
  pageCount: 300,
  language: 'eng',
  isbn13: '9780000000001',
  images: [],
  links: [],
  ratings: { votes: 0, value: 0, popularity: 0 },
  ...overrides,
});

describe('metadata profile filter', () => {
  it('parses allowed languages with the null literal', () => {
    expect(parseAllowedLanguages('eng, null')).toEqual({ codes: ['eng'], allowMissing: true });
    expect(parseAllowedLanguages('ENG,fre')).toEqual({ codes: ['eng', 'fre'], allowMissing: false });
    expect(parseAllowedLanguages('')).toBeUndefined();
    expect(parseAllowedLanguages(null)).toBeUndefined();
  });

  it('rejects works below minPopularity, without a date, parts/sets, ignored terms, other languages', () => {
    expect(workRejection(work(), rules({ minPopularity: 350 }))).toBeUndefined();
    expect(
      workRejection(work({ ratings: { votes: 0, value: 0, popularity: 29 } }), rules({ minPopularity: 350 })),
    ).toMatch(/popularity 29/);
    expect(workRejection(work({ releaseDate: undefined }), rules({ skipMissingDate: true }))).toBe('no release date');
    expect(workRejection(work({ releaseDate: undefined }), rules())).toBeUndefined();
    expect(workRejection(work({ title: 'The Complete Boxed Set' }), rules({ skipPartsAndSets: true }))).toBe(
      'part or set',
    );
    expect(workRejection(work({ title: 'Letters (Scribbles)' }), rules({ ignored: ['scribbles'] }))).toMatch(/ignored/);
    expect(workRejection(work({ languages: ['fre'] }), rules({ allowedLanguages: 'eng, null' }))).toMatch(/eng/);
    expect(workRejection(work({ languages: ['fre', 'eng'] }), rules({ allowedLanguages: 'eng' }))).toBeUndefined();
    expect(workRejection(work({ languages: [] }), rules({ allowedLanguages: 'eng' }))).toBeUndefined();
  });

  it.each([
    ['The Lord of the Rings Boxed Set', true],
    ['Harry Potter Books 1-7', true],
    ['The Complete Collection', true],
    ['Omnibus', true],
    ['Vol. 1-3', true],
    ['Part 1 of 3', true],
    ['The Hobbit', false],
    ['Catch-22', false],
    ['Settlers', false],
  ])('isPartOrSet(%s) = %s', (title, expected) => {
    expect(isPartOrSet(title)).toBe(expected);
  });

  it('skipSeriesSecondary: secondary only when no series link is a primary entry (source flag, else a whole position)', () => {
    const link = (position: string | undefined, primaryWork?: boolean) => ({
      foreignSeriesId: 'S1',
      title: 'Saga',
      position,
      isPrimary: true,
      primaryWork,
    });
    expect(isSeriesSecondary(undefined)).toBe(false);
    expect(isSeriesSecondary([])).toBe(false);
    // BookInfo states Goodreads' primary flag: taken as is, whatever the position says.
    expect(isSeriesSecondary([link('1.5', false)])).toBe(true);
    expect(isSeriesSecondary([link('3', false)])).toBe(true);
    expect(isSeriesSecondary([link('3', true)])).toBe(false);
    expect(isSeriesSecondary([link('0.5', false), { ...link('2', true), foreignSeriesId: 'S2' }])).toBe(false);
    // Open Library states no flag: a fractional position is a secondary entry, anything else counts as primary.
    expect(isSeriesSecondary([link('2.5')])).toBe(true);
    expect(isSeriesSecondary([link('0.5')])).toBe(true);
    expect(isSeriesSecondary([link('2')])).toBe(false);
    expect(isSeriesSecondary([link(undefined)])).toBe(false);
    expect(isSeriesSecondary([link('Book 3 of 7')])).toBe(false);
    expect(isSeriesSecondary([link('2.5'), { ...link('1'), foreignSeriesId: 'S2', isPrimary: false }])).toBe(false);
  });

  it('ignored terms: case-insensitive substrings and /regex/', () => {
    expect(matchesIgnored('The Hobbit (Annotated)', ['annotated'])).toBe('annotated');
    expect(matchesIgnored('Study Guide to X', ['/^study guide/'])).toBe('/^study guide/');
    expect(matchesIgnored('X', ['/[/'])).toBeUndefined();
    expect(matchesIgnored('The Hobbit', ['', ' '])).toBeUndefined();
  });

  it('filters editions by language (null = no language), known page count and ISBN/ASIN', () => {
    const english = rules({ allowedLanguages: 'eng' });
    expect(editionAllowed(edition(), english)).toBe(true);
    expect(editionAllowed(edition({ language: 'fre' }), english)).toBe(false);
    expect(editionAllowed(edition({ language: undefined }), english)).toBe(false);
    expect(editionAllowed(edition({ language: undefined }), rules({ allowedLanguages: 'eng, null' }))).toBe(true);
    expect(editionAllowed(edition({ pageCount: 40 }), rules({ minPages: 100 }))).toBe(false);
    expect(editionAllowed(edition({ pageCount: 0 }), rules({ minPages: 100 }))).toBe(true);
    expect(editionAllowed(edition({ isbn13: undefined }), rules({ skipMissingIsbn: true }))).toBe(false);
    expect(editionAllowed(edition({ isbn13: undefined, asin: 'B000000001' }), rules({ skipMissingIsbn: true }))).toBe(
      true,
    );
  });

  it('matches languages written as ISO 639-1/2/3 codes or English names, on both sides', () => {
    expect(parseAllowedLanguages('en, French, deu, null')).toEqual({
      codes: ['eng', 'fre', 'ger'],
      allowMissing: true,
    });
    for (const allowed of ['en', 'eng', 'English', 'english', 'en-GB'])
      expect(editionAllowed(edition({ language: 'eng' }), rules({ allowedLanguages: allowed }))).toBe(true);
    for (const language of ['fre', 'fra', 'fr', 'French'])
      expect(editionAllowed(edition({ language }), rules({ allowedLanguages: 'fre' }))).toBe(true);
    expect(editionAllowed(edition({ language: 'ger' }), rules({ allowedLanguages: 'English' }))).toBe(false);
    expect(workRejection(work({ languages: ['fre', 'ger'] }), rules({ allowedLanguages: 'en' }))).toMatch(/eng/);
    expect(workRejection(work({ languages: ['fra', 'en'] }), rules({ allowedLanguages: 'English' }))).toBeUndefined();
  });

  it('an English-only profile keeps a work only through an English edition (translations are editions)', () => {
    const englishOnly = rules({ allowedLanguages: 'English' });
    const translationsOnly = [edition({ language: 'fre' }), edition({ foreignEditionId: 'OL2M', language: 'ger' })];
    const withEnglish = [...translationsOnly, edition({ foreignEditionId: 'OL3M', language: 'eng' })];
    expect(translationsOnly.filter((e) => editionAllowed(e, englishOnly))).toEqual([]);
    expect(withEnglish.filter((e) => editionAllowed(e, englishOnly)).map((e) => e.foreignEditionId)).toEqual(['OL3M']);
  });

  it('picks the preferred edition, else by language order, ISBN, cover, pages', () => {
    const fre = edition({ foreignEditionId: 'OL2M', language: 'fre' });
    const engNoIsbn = edition({ foreignEditionId: 'OL3M', isbn13: undefined });
    const eng = edition({ foreignEditionId: 'OL4M' });
    const order = rules({ allowedLanguages: 'eng, fre' });
    expect(pickMonitoredEdition([fre, engNoIsbn, eng], undefined, order)?.foreignEditionId).toBe('OL4M');
    expect(pickMonitoredEdition([fre, engNoIsbn, eng], 'OL2M', order)?.foreignEditionId).toBe('OL2M');
    expect(pickMonitoredEdition([], undefined, order)).toBeUndefined();
  });
});
