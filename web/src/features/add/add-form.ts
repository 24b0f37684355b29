import type { Author, Book } from '../../api/client';

export const MONITOR_OPTIONS = [
  { value: 'all', label: 'All books' },
  { value: 'future', label: 'Future books' },
  { value: 'missing', label: 'Missing books' },
  { value: 'existing', label: 'Existing books' },
  { value: 'first', label: 'First book' },
  { value: 'latest', label: 'Latest book' },
  { value: 'none', label: 'None' },
];

export const NEW_ITEM_OPTIONS = [
  { value: 'all', label: 'All new books' },
  { value: 'new', label: 'Only newer books' },
  { value: 'none', label: 'No new books' },
];

export interface AddForm {
  rootFolderPath: string;
  qualityProfileId: string;
  metadataProfileId: string;
  monitor: string;
  monitorNewItems: string;
  tags: string[];
  searchOnAdd: boolean;
}

/** The metadata search term: `isbn:` and `work:` (Readarr's `edition:`/`work:` prefixes) pass through unchanged. */
export function searchTerm(input: string): string {
  const trimmed = input.trim();
  const prefixed = /^(isbn|asin|work|edition|author|readarr|openlibrary):\s*(.+)$/i.exec(trimmed);
  return prefixed ? `${prefixed[1].toLowerCase()}:${prefixed[2].trim()}` : trimmed;
}

function authorSettings(form: AddForm) {
  return {
    rootFolderPath: form.rootFolderPath,
    qualityProfileId: Number(form.qualityProfileId),
    metadataProfileId: Number(form.metadataProfileId),
    tags: form.tags.map(Number),
  };
}

/** `POST /author`: the looked-up author with the chosen folder, profiles, monitoring and tags. */
export function addAuthorPayload(author: Author, form: AddForm): Record<string, unknown> {
  return {
    ...author,
    ...authorSettings(form),
    monitored: form.monitor !== 'none',
    monitorNewItems: form.monitorNewItems,
    addOptions: { monitor: form.monitor, searchForMissingBooks: form.searchOnAdd },
  };
}

/**
 * `POST /book` for one book alone: the book monitored, its author added (when new) with monitoring "none" and no new
 * items, so the rest of the author's catalogue is listed but not wanted.
 */
export function addBookPayload(book: Book, form: AddForm): Record<string, unknown> {
  const author = book.author ?? {};
  const editions = (book.editions ?? []).map((edition, index, all) => ({
    ...edition,
    monitored: all.some((candidate) => candidate.monitored) ? edition.monitored : index === 0,
  }));
  return {
    ...book,
    editions,
    monitored: true,
    anyEditionOk: true,
    author: author.id
      ? author
      : {
          ...author,
          ...authorSettings(form),
          monitored: true,
          monitorNewItems: 'none',
          addOptions: { monitor: 'none', searchForMissingBooks: false },
        },
    addOptions: { searchForNewBook: form.searchOnAdd },
  };
}

export function formErrors(form: AddForm): string[] {
  const errors: string[] = [];
  if (!form.rootFolderPath) errors.push('Choose a root folder');
  if (!form.qualityProfileId) errors.push('Choose a quality profile');
  if (!form.metadataProfileId) errors.push('Choose a metadata profile');
  return errors;
}
