import { isKnownLanguage, languageCode } from './language-codes';

describe('languageCode', () => {
  it.each([
    ['en', 'eng'],
    ['eng', 'eng'],
    ['English', 'eng'],
    ['ENGLISH', 'eng'],
    ['en-US', 'eng'],
    ['fr', 'fre'],
    ['fre', 'fre'],
    ['fra', 'fre'],
    ['French', 'fre'],
    ['français', 'fre'],
    ['de', 'ger'],
    ['deu', 'ger'],
    ['ger', 'ger'],
    ['German', 'ger'],
    ['zh', 'chi'],
    ['zho', 'chi'],
    ['cmn', 'chi'],
    ['pt_BR', 'por'],
    [' nld ', 'dut'],
  ])('%s → %s', (input, expected) => {
    expect(languageCode(input)).toBe(expected);
  });

  it('is undefined for what is not a known language', () => {
    expect(languageCode('klingon')).toBeUndefined();
    expect(languageCode('xx')).toBeUndefined();
    expect(languageCode('')).toBeUndefined();
    expect(languageCode(null)).toBeUndefined();
    expect(isKnownLanguage('null')).toBe(false);
    expect(isKnownLanguage('Spanish')).toBe(true);
  });
});
