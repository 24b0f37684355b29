/** A Readarr paging answer (`page`, `pageSize`, `totalRecords`, `records`). */
export interface PageResult<T> {
  page: number;
  pageSize: number;
  totalRecords: number;
  records: T[];
}

export type SortDirection = 'ascending' | 'descending';

/** What a paged table asks the server for; the page lives with the sort so a new sort starts on page 1. */
export interface PageState {
  page: number;
  pageSize: number;
  sortKey: string;
  sortDirection: SortDirection;
}

export const pageCount = (totalRecords: number, pageSize: number): number =>
  Math.max(1, Math.ceil(totalRecords / pageSize));

/** Clicking a column: the same column flips its direction, another one sorts ascending; both go back to page 1. */
export function nextSort(state: PageState, sortKey: string): PageState {
  const sortDirection: SortDirection =
    state.sortKey === sortKey && state.sortDirection === 'ascending' ? 'descending' : 'ascending';
  return { ...state, sortKey, sortDirection, page: 1 };
}

/** After rows were removed the current page may be past the end: the last page that still exists. */
export function clampPage(state: PageState, totalRecords: number): PageState {
  const last = pageCount(totalRecords, state.pageSize);
  return state.page > last ? { ...state, page: last } : state;
}

export function toggleId(selected: number[], id: number): number[] {
  return selected.includes(id) ? selected.filter((item) => item !== id) : [...selected, id];
}

/** The header checkbox: all rows of the page selected → none, otherwise all of them. */
export function toggleAll(selected: number[], pageIds: number[]): number[] {
  const all = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  return all ? selected.filter((id) => !pageIds.includes(id)) : [...new Set([...selected, ...pageIds])];
}

/** Selected ids that are still on the page (rows that left the page are not acted on). */
export const selectedOnPage = (selected: number[], pageIds: number[]): number[] =>
  selected.filter((id) => pageIds.includes(id));
