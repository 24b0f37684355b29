import { cleanName } from '../../platform/common/text/clean-name';

/** Name forms Readarr derives from an author's name. */

const PARTICLES = new Set([
  'da',
  'de',
  'del',
  'della',
  'der',
  'den',
  'di',
  'du',
  'la',
  'le',
  'van',
  'von',
  'ter',
  'st.',
]);
const SUFFIXES = /^(jr|sr|ii|iii|iv)\.?$/i;

/** "Stephen King" → "King, Stephen"; "Ursula K. Le Guin" → "Le Guin, Ursula K."; suffixes stay last. */
export function nameLastFirst(name: string): string {
  const parts = name.trim().split(/\s+/);
  const suffix = parts.length > 2 && SUFFIXES.test(parts[parts.length - 1]) ? parts.pop() : undefined;
  if (parts.length < 2) return name.trim();
  let start = parts.length - 1;
  while (start > 1 && PARTICLES.has(parts[start - 1].toLowerCase())) start -= 1;
  const last = parts.slice(start).join(' ');
  const first = [...parts.slice(0, start), ...(suffix ? [suffix] : [])].join(' ');
  return `${last}, ${first}`;
}

export function authorNames(name: string) {
  const lastFirst = nameLastFirst(name);
  return {
    name: name.trim(),
    sortName: name.trim().toLowerCase(),
    nameLastFirst: lastFirst,
    sortNameLastFirst: lastFirst.toLowerCase(),
    cleanName: cleanName(name),
  };
}

/** A folder name for the author: the name with characters illegal in file names removed. */
export function authorFolderName(name: string): string {
  const cleaned = name
    .replace(/[<>:"/\\|?*]/g, '')
    .replace(/\p{Cc}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[. ]+$/, '');
  return cleaned || 'Unknown Author';
}
