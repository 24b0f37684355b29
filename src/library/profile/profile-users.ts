import { plural } from '../../platform/database/optional-table';

/** How many rows of other features' tables point at one profile (a profile in use is not deleted). */
export interface ProfileUsers {
  authors: number;
  rootFolders: number;
  importLists: number;
}

/** `['2 authors', '1 root folder']`: the kinds of user that exist, for the "in use" message. */
export function describeUsers(users: ProfileUsers): string[] {
  return [
    plural(users.authors, 'author'),
    plural(users.rootFolders, 'root folder'),
    plural(users.importLists, 'import list'),
  ].filter((text) => !text.startsWith('0 '));
}
