import { basename, dirname, extname } from 'node:path';
import { containment, similarity } from '../../platform/common/text/similarity';
import type { FileTags } from '../../library/media-file/media-file.types';

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
