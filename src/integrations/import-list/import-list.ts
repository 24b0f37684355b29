import { Provider } from '../core/provider';

/** One entry of an import list: an author to add, possibly for one book. */
export interface ImportListItem {
  authorName: string;
  foreignAuthorId?: string;
  bookTitle?: string;
  foreignBookId?: string;
}

export type ImportListTypeName = 'program' | 'goodreads' | 'other';

export interface ImportListProvider<S extends object = object> extends Provider<S> {
  readonly listType: ImportListTypeName;
  /** Readarr's `minRefreshInterval` as a .NET TimeSpan string. */
  readonly minRefreshInterval: string;
  fetch(settings: S): Promise<ImportListItem[]>;
}
