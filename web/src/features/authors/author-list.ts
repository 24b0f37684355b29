import type { Author, CustomFilter } from '../../api/client';

export type AuthorSortKey = 'sortName' | 'nextBook' | 'lastBook' | 'added' | 'sizeOnDisk' | 'bookCount' | 'monitored';
export type SortDirection = 'ascending' | 'descending';

export const AUTHOR_SORT_KEYS: { value: AuthorSortKey; label: string }[] = [
  { value: 'sortName', label: 'Name' },
  { value: 'nextBook', label: 'Next book' },
  { value: 'lastBook', label: 'Last book' },
  { value: 'added', label: 'Added' },
  { value: 'sizeOnDisk', label: 'Size on disk' },
  { value: 'bookCount', label: 'Books' },
  { value: 'monitored', label: 'Monitored' },
];

/** One condition of a filter, in Readarr's custom filter shape (`{key, value, type}`). */
export interface FilterCondition {
  key: string;
  value: unknown;
  type: 'equal' | 'notEqual' | 'contains' | 'notContains' | 'lessThan' | 'greaterThan';
}

export interface NamedFilter {
  key: string;
  label: string;
  filters: FilterCondition[];
}

/** Readarr's predefined author filters. */
export const PREDEFINED_FILTERS: NamedFilter[] = [
  { key: 'all', label: 'All', filters: [] },
  { key: 'monitored', label: 'Monitored only', filters: [{ key: 'monitored', value: true, type: 'equal' }] },
  { key: 'unmonitored', label: 'Unmonitored only', filters: [{ key: 'monitored', value: false, type: 'equal' }] },
  { key: 'continuing', label: 'Continuing only', filters: [{ key: 'status', value: 'continuing', type: 'equal' }] },
  { key: 'ended', label: 'Ended only', filters: [{ key: 'status', value: 'ended', type: 'equal' }] },
  { key: 'missing', label: 'Missing books', filters: [{ key: 'missing', value: true, type: 'equal' }] },
];

/** The author index's custom filters from `/customfilter` (type `authorIndex`), as named filters. */
export function customAuthorFilters(custom: CustomFilter[] | undefined): NamedFilter[] {
  return (custom ?? [])
    .filter((filter) => filter.type === 'authorIndex')
    .map((filter) => ({
      key: `custom-${filter.id}`,
      label: filter.label ?? `Filter ${filter.id}`,
      filters: (filter.filters ?? []) as unknown as FilterCondition[],
    }));
}

function fieldValue(author: Author, key: string): unknown {
  const statistics = author.statistics;
  switch (key) {
    case 'missing':
      return (statistics?.bookFileCount ?? 0) < (statistics?.bookCount ?? 0);
    case 'bookCount':
      return statistics?.bookCount ?? 0;
    case 'sizeOnDisk':
      return statistics?.sizeOnDisk ?? 0;
    case 'authorName':
      return author.authorName ?? '';
    default:
      return (author as Record<string, unknown>)[key];
  }
}

const textOf = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** Readarr semantics: an array value means "any of these"; arrays on the author (tags) match by membership. */
export function matchesCondition(author: Author, condition: FilterCondition): boolean {
  const actual = fieldValue(author, condition.key);
  const wanted = asArray(condition.value);
  const equalsAny = () =>
    Array.isArray(actual) ? wanted.some((value) => actual.includes(value)) : wanted.some((value) => value === actual);
  switch (condition.type) {
    case 'equal':
      return equalsAny();
    case 'notEqual':
      return !equalsAny();
    case 'contains':
      return Array.isArray(actual)
        ? equalsAny()
        : wanted.some((value) => textOf(actual).toLowerCase().includes(textOf(value).toLowerCase()));
    case 'notContains':
      return !matchesCondition(author, { ...condition, type: 'contains' });
    case 'lessThan':
      return Number(actual) < Number(wanted[0]);
    case 'greaterThan':
      return Number(actual) > Number(wanted[0]);
  }
}

/** Quick search: every word must appear in the author's name. */
export function matchesTerm(author: Author, term: string): boolean {
  const name = `${author.authorName ?? ''} ${author.sortName ?? ''}`.toLowerCase();
  return term
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => name.includes(word));
}

export function filterAuthors(authors: Author[], conditions: FilterCondition[], term = ''): Author[] {
  return authors.filter(
    (author) => conditions.every((condition) => matchesCondition(author, condition)) && matchesTerm(author, term),
  );
}

function sortValue(author: Author, key: AuthorSortKey): string | number {
  switch (key) {
    case 'sortName':
      return (author.sortName ?? author.authorName ?? '').toLowerCase();
    case 'nextBook':
      return author.nextBook?.releaseDate ? Date.parse(author.nextBook.releaseDate) : Number.POSITIVE_INFINITY;
    case 'lastBook':
      return author.lastBook?.releaseDate ? Date.parse(author.lastBook.releaseDate) : Number.NEGATIVE_INFINITY;
    case 'added':
      return author.added ? Date.parse(author.added) : 0;
    case 'sizeOnDisk':
      return author.statistics?.sizeOnDisk ?? 0;
    case 'bookCount':
      return author.statistics?.bookCount ?? 0;
    case 'monitored':
      return author.monitored ? 1 : 0;
  }
}

/** Sorted copy; ties fall back to the name so the order is stable. */
export function sortAuthors(authors: Author[], key: AuthorSortKey, direction: SortDirection): Author[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const name = (author: Author) => (author.sortName ?? author.authorName ?? '').toLowerCase();
  return [...authors].sort((a, b) => {
    const left = sortValue(a, key);
    const right = sortValue(b, key);
    const order = left < right ? -1 : left > right ? 1 : 0;
    return order !== 0 ? order * sign : name(a).localeCompare(name(b));
  });
}

export { formatBytes } from '../../components/format';
