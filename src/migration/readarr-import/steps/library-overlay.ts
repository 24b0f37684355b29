import type { ExistingAuthor } from '../../../library/author/author.repository';
import type { ExistingBook, ExistingEdition } from '../../../library/book/book-record.repository';

/**
 * What the chunks of one run decided so far, consulted before the database: a dry run writes nothing, so a book
 * that two chunks both bring (two Readarr books matched to one work) would otherwise be "imported" twice in the
 * dry run and imported-then-merged by the real run. A real run clears it after each chunk is written (the
 * database then holds the same facts), so its memory stays one chunk's worth.
 */
export class LibraryOverlay {
  readonly authors = new Map<string, ExistingAuthor>();
  readonly authorPaths = new Set<string>();
  readonly books = new Map<string, ExistingBook>();
  readonly editions = new Map<string, ExistingEdition>();
  /** Quire book ids (placeholders in a dry run) that have a monitored edition. */
  readonly booksWithMonitoredEdition = new Set<number>();
  /** `bookId|mediaKind` → a path of the file set the book has (or gets) of that kind. */
  readonly fileSets = new Map<string, string>();

  /** The rows of `keys` the overlay does not know, looked up with `load`, and the known ones, by key. */
  static async merge<T>(
    known: Map<string, T>,
    keys: string[],
    load: (missing: string[]) => Promise<T[]>,
    keyOf: (row: T) => string,
  ): Promise<Map<string, T>> {
    const result = new Map<string, T>();
    const missing: string[] = [];
    for (const key of new Set(keys)) {
      const row = known.get(key);
      if (row) result.set(key, row);
      else missing.push(key);
    }
    for (const row of await load(missing)) if (!result.has(keyOf(row))) result.set(keyOf(row), row);
    return result;
  }

  clear(): void {
    this.authors.clear();
    this.authorPaths.clear();
    this.books.clear();
    this.editions.clear();
    this.booksWithMonitoredEdition.clear();
    this.fileSets.clear();
  }
}
