import type { Author, Book } from '../api/client';

export interface SearchGroup {
  group: string;
  items: { value: string; label: string }[];
}

export const MIN_TERM = 2;
const AUTHORS_SHOWN = 5;

/**
 * The header search's choices: library authors whose name contains the term, the books the server found (paged),
 * and a search of the metadata source; each value is the route it opens.
 */
export function searchOptions(term: string, authors: Author[] | undefined, books: Book[] | undefined): SearchGroup[] {
  const needle = term.trim().toLowerCase();
  if (needle.length < MIN_TERM) return [];
  const authorItems = (authors ?? [])
    .filter((author) => author.titleSlug && (author.authorName ?? '').toLowerCase().includes(needle))
    .slice(0, AUTHORS_SHOWN)
    .map((author) => ({ value: `/author/${author.titleSlug}`, label: author.authorName ?? '' }));
  // The paged listing carries the author's id only: the name comes from the author list.
  const authorName = new Map((authors ?? []).map((author) => [author.id, author.authorName]));
  const bookItems = (books ?? [])
    .filter((book) => book.titleSlug)
    .map((book) => {
      const name = book.author?.authorName ?? authorName.get(book.authorId);
      return { value: `/book/${book.titleSlug}`, label: name ? `${book.title ?? ''} (${name})` : (book.title ?? '') };
    });
  return [
    ...(authorItems.length ? [{ group: 'Authors', items: authorItems }] : []),
    ...(bookItems.length ? [{ group: 'Books', items: bookItems }] : []),
    {
      group: 'Add new',
      items: [
        {
          value: addSearchRoute(term),
          label: `Search the metadata source for “${term.trim()}”`,
        },
      ],
    },
  ];
}

/** The search page a term opens when nothing in the library is chosen. */
export const addSearchRoute = (term: string): string => `/add/search?term=${encodeURIComponent(term.trim())}`;

/**
 * Where Enter goes when no choice was arrowed to: the first author or book of the library that matches, else the
 * metadata search for the term. `books` are left out while they answer an older term than the one typed.
 */
export function firstMatchRoute(term: string, authors: Author[] | undefined, books: Book[] | undefined): string {
  const [first] = searchOptions(term, authors, books);
  return first?.items[0]?.value ?? addSearchRoute(term);
}
