import type { Book, Schemas } from '../../api/client';

type Series = Schemas['SeriesResource'];

export interface SeriesGroup {
  title: string;
  books: Book[];
  /** The series the group shows; absent for the standalone books. */
  series?: Series;
}

/**
 * Books grouped by series (in series order), a book in several series listed in each, and the rest under
 * "Standalone" sorted by release date.
 */
export function groupBySeries(books: Book[], series: Series[]): SeriesGroup[] {
  const byId = new Map(books.map((book) => [book.id, book]));
  const inSeries = new Set<number>();
  const groups: SeriesGroup[] = [];
  for (const item of [...series].sort((a, b) => (a.title ?? '').localeCompare(b.title ?? ''))) {
    const links = [...(item.links ?? [])].sort((a, b) => (a.seriesPosition ?? 0) - (b.seriesPosition ?? 0));
    const members = links.map((link) => byId.get(link.bookId)).filter((book): book is Book => Boolean(book));
    members.forEach((book) => inSeries.add(book.id!));
    if (members.length > 0) groups.push({ title: item.title ?? 'Series', books: members, series: item });
  }
  const standalone = books
    .filter((book) => !inSeries.has(book.id!))
    .sort((a, b) => (a.releaseDate ?? '9999').localeCompare(b.releaseDate ?? '9999'));
  if (standalone.length > 0) groups.push({ title: groups.length ? 'Standalone' : 'Books', books: standalone });
  return groups;
}
