export type SearchTermKind = 'isbn' | 'asin' | 'edition' | 'work' | 'author' | 'text';

export interface SearchTerm {
  kind: SearchTermKind;
  value: string;
}

const PREFIXES: readonly SearchTermKind[] = ['isbn', 'asin', 'edition', 'work', 'author'];

/**
 * Readarr's term prefixes: `isbn:`, `asin:`, `edition:`, `work:`, `author:`, case-insensitive,
 * recognised only when the term holds exactly one colon. Ids are Open Library keys (`OL26320A`, `OL262758W`,
 * `OL7353617M`; upper-cased here). Anything else, `goodreads:123` included, is free text.
 */
export function parseSearchTerm(term: string): SearchTerm {
  const trimmed = term.trim();
  const parts = trimmed.split(':');
  if (parts.length === 2) {
    const prefix = parts[0].trim().toLowerCase() as SearchTermKind;
    const value = parts[1].trim();
    if (PREFIXES.includes(prefix) && value) {
      if (prefix === 'isbn') return { kind: prefix, value: value.replace(/[^0-9Xx]/g, '').toUpperCase() };
      return { kind: prefix, value: prefix === 'asin' ? value.toUpperCase() : normaliseOlId(value) };
    }
  }
  return { kind: 'text', value: trimmed };
}

/** `ol26320a`, `/authors/OL26320A`, `https://openlibrary.org/works/OL1W/Title` → the bare upper-case key. */
function normaliseOlId(value: string): string {
  const match = /(OL\d+[AWM])/i.exec(value);
  return match ? match[1].toUpperCase() : value;
}
