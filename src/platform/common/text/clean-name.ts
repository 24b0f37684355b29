/**
 * The one name normalisation of Quire: author `cleanName`, book `cleanTitle`, and the words the parser and the
 * importer compare. Unicode-aware: letters and digits of every script survive; accents are dropped from Latin,
 * Greek and Cyrillic letters (so "Émile" and "Emile", "Νίκος" and "Νικος", "Толстой" and "Толстои" agree), while
 * marks that are part of other scripts (Devanagari vowel signs, Japanese voicing marks) are kept.
 */

// Letters NFKD does not decompose, folded the way people type them without the accent.
const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ς: 'σ',
};
const FOLDABLE = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'g');
const ACCENTED = /(\p{Script=Latin}|\p{Script=Greek}|\p{Script=Cyrillic})\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/gu;
const LEADING_ARTICLE = /^(the|a|an)\s+/;

/** Lower case, compatibility forms unified (full-width, ligatures), accents of Latin/Greek/Cyrillic dropped. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(ACCENTED, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(FOLDABLE, (letter) => LETTER_FOLDS[letter]);
}

/** Readarr's clean name: the folded text without a leading article, letters, marks and digits only. */
export function cleanName(text: string): string {
  return foldText(text.trim()).replace(LEADING_ARTICLE, '').replace(NOT_WORD, '');
}

/** The folded words of a text, separated by single spaces (for word-level comparisons). */
export function foldedWords(text: string): string {
  return foldText(text).replace(NOT_WORD, ' ').trim();
}
