import { foldedWords, foldText } from './clean-name';

/** Folded words (clean-name.ts) without apostrophes, articles and noise words of release names. */
export function normalise(value: string): string {
  return foldedWords(foldText(value).replace(/&/g, ' and ').replace(/['’]/g, ''))
    .replace(/\b(the|a|an)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/** 0..1: how alike two strings are (normalised edit distance). */
export function similarity(a: string, b: string): number {
  const x = normalise(a);
  const y = normalise(b);
  if (!x || !y) return 0;
  return 1 - levenshtein(x, y) / Math.max(x.length, y.length);
}

/** 0..1: the share of `wanted`'s words found in `text` (for titles inside release or file names). */
export function containment(text: string, wanted: string): number {
  const words = normalise(wanted).split(' ').filter(Boolean);
  if (words.length === 0) return 0;
  const have = new Set(normalise(text).split(' '));
  return words.filter((word) => have.has(word)).length / words.length;
}
