/** Name forms Readarr derives from an author's name (reference §5.3). */

const ARTICLES = /^(the|a|an)\s+/i;

/** Readarr's CleanAuthorName: lower-case letters and digits only, leading article dropped. */
export function cleanName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(ARTICLES, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** "Stephen King" → "King, Stephen" (single names stay as they are). */
export function nameLastFirst(name: string): string {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return name.trim();
  const last = parts.pop()!;
  return `${last}, ${parts.join(' ')}`;
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
