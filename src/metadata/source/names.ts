/** Name forms Readarr's resources carry: "King, Stephen" and lower-cased sort forms. */

const SUFFIXES = new Set(['jr', 'jr.', 'sr', 'sr.', 'ii', 'iii', 'iv', 'phd', 'ph.d.', 'md', 'm.d.']);
const PARTICLES = new Set([
  'de',
  'del',
  'della',
  'der',
  'di',
  'du',
  'la',
  'le',
  'van',
  'von',
  'da',
  'dos',
  'des',
  'ten',
  'ter',
]);

/** "J.R.R. Tolkien" → "Tolkien, J.R.R."; "Ursula K. Le Guin" → "Le Guin, Ursula K."; single names stay. */
export function nameLastFirst(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed.includes(',')) return trimmed;
  const words = trimmed.split(' ');
  if (words.length < 2) return trimmed;
  let suffix = '';
  if (words.length > 2 && SUFFIXES.has(words[words.length - 1].toLowerCase())) suffix = ` ${words.pop()}`;
  let lastStart = words.length - 1;
  while (lastStart > 1 && PARTICLES.has(words[lastStart - 1].toLowerCase())) lastStart--;
  const last = words.slice(lastStart).join(' ');
  const first = words.slice(0, lastStart).join(' ');
  return `${last}, ${first}${suffix}`;
}

export function sortName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** `authorTitle` of a BookResource: "<sortNameLastFirst> <title>" (author part lower-case). */
export function authorTitle(authorName: string, title: string): string {
  return `${nameLastFirst(authorName).toLowerCase()} ${title}`;
}
