import { basename, dirname, extname } from 'node:path';
import { foldedWords, foldText } from '../common/text/clean-name';
import type { FileTags } from '../media-file/media-file.types';

/** Folded words (common/text/clean-name) without apostrophes, articles and noise words of release names. */
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

export interface MatchTarget {
  bookTitle: string;
  editionTitles: string[];
  authorName: string;
  isbns: string[];
}

export interface MatchScore {
  /** 0–100. */
  percent: number;
  /** Where the evidence came from. */
  source: 'isbn' | 'tags' | 'name';
}

/**
 * How well a file matches a book: an ISBN from the file's own metadata is decisive; otherwise the tag title
 * and authors are compared (title weighs 70 %, author 30 %); files without usable tags fall back to their file
 * and folder names, in which the title and the author name must appear.
 */
export function scoreMatch(
  path: string,
  tags: FileTags | undefined,
  target: MatchTarget,
  authorKnown: boolean,
): MatchScore {
  const isbn = tags?.isbn?.replace(/[-\s]/g, '');
  if (isbn && target.isbns.some((candidate) => candidate.replace(/[-\s]/g, '') === isbn))
    return { percent: 100, source: 'isbn' };
  const titles = [target.bookTitle, ...target.editionTitles];
  const tagTitle = tags?.bookTitle ?? tags?.title;
  const authorScore = (score: number) => (authorKnown ? Math.max(score, 1) : score);
  if (tagTitle) {
    const title = Math.max(
      ...titles.map((t) => Math.max(similarity(tagTitle, t), similarity(stripSub(tagTitle), stripSub(t)))),
    );
    const author = tags?.authors.length
      ? Math.max(...tags.authors.map((name) => similarity(name, target.authorName)))
      : authorKnown
        ? 1
        : 0;
    return { percent: Math.round(100 * (0.7 * title + 0.3 * authorScore(author))), source: 'tags' };
  }
  const name = `${basename(dirname(path))} ${basename(path, extname(path))}`;
  const title = Math.max(...titles.map((t) => containment(name, t)));
  const author = containment(name, target.authorName);
  return { percent: Math.round(100 * (0.7 * title + 0.3 * authorScore(author))), source: 'name' };
}

function stripSub(title: string): string {
  const index = title.indexOf(':');
  return index > 0 ? title.slice(0, index) : title;
}
