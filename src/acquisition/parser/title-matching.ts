import { cleanName } from '../../platform/common/text/clean-name';

/** Clean form of an author name, also for "Last, First" spellings. */
export function cleanAuthorName(name: string): string[] {
  const forms = [cleanName(name)];
  const comma = /^([^,]+),\s*(.+)$/.exec(name);
  if (comma) forms.push(cleanName(`${comma[2]} ${comma[1]}`));
  return forms;
}

export function authorMatches(parsedName: string, names: string[]): boolean {
  const parsed = cleanAuthorName(parsedName);
  const known = names.map((name) => cleanName(name)).filter(Boolean);
  return parsed.some((form) => !!form && known.includes(form));
}

/**
 * How well a parsed book title names a book: 2 = equal clean titles (also without a subtitle),
 * 1 = one contains the other (series prefixes, subtitles), 0 = no match.
 */
export function bookTitleScore(parsedTitle: string, bookTitle: string): number {
  const parsed = cleanName(parsedTitle);
  const full = cleanName(bookTitle);
  const main = cleanName(bookTitle.replace(/\s*[:(].*$/, ''));
  if (!parsed || !full) return 0;
  if (parsed === full || (main && parsed === main)) return 2;
  const candidates = [full, main].filter((form) => form.length >= 4);
  if (candidates.some((form) => parsed.includes(form) || (parsed.length >= 6 && form.includes(parsed)))) return 1;
  return 0;
}
