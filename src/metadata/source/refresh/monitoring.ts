/** Which books get monitored when an author is added, per Readarr's MonitorTypes. */
export type MonitorType = 'all' | 'future' | 'missing' | 'existing' | 'latest' | 'first' | 'none' | 'unknown';

export interface MonitorCandidate {
  foreignBookId: string;
  releaseDate?: Date | null;
  hasFile?: boolean;
}

export interface AddMonitorOptions {
  monitor?: string;
  booksToMonitor?: string[];
}

/**
 * The foreign ids to monitor among `books` for a new author:
 * all · future (released after now) · missing (no file) · existing (has a file) · latest (the most recently
 * released, undated books ignored) · first (the earliest released) · none/unknown (nothing);
 * plus every id listed in `booksToMonitor`.
 */
export function booksToMonitor(books: MonitorCandidate[], options: AddMonitorOptions, now = new Date()): Set<string> {
  const chosen = new Set<string>();
  const dated = books
    .filter((book) => book.releaseDate)
    .sort((a, b) => a.releaseDate!.getTime() - b.releaseDate!.getTime());
  const monitor = (options.monitor ?? 'all') as MonitorType;
  switch (monitor) {
    case 'all':
      for (const book of books) chosen.add(book.foreignBookId);
      break;
    case 'future':
      for (const book of dated) if (book.releaseDate!.getTime() > now.getTime()) chosen.add(book.foreignBookId);
      break;
    case 'missing':
      for (const book of books) if (!book.hasFile) chosen.add(book.foreignBookId);
      break;
    case 'existing':
      for (const book of books) if (book.hasFile) chosen.add(book.foreignBookId);
      break;
    case 'latest': {
      const released = dated.filter((book) => book.releaseDate!.getTime() <= now.getTime());
      const latest = released.at(-1) ?? dated.at(-1);
      if (latest) chosen.add(latest.foreignBookId);
      break;
    }
    case 'first':
      if (dated[0]) chosen.add(dated[0].foreignBookId);
      break;
    case 'none':
    case 'unknown':
      break;
  }
  const known = new Set(books.map((book) => book.foreignBookId));
  for (const id of options.booksToMonitor ?? []) if (known.has(id)) chosen.add(id);
  return chosen;
}

/** A book that appears on a later refresh, per the author's `monitorNewItems` (all · none · new). */
export function monitorNewBook(monitorNewItems: string, releaseDate: Date | undefined, authorAdded: Date): boolean {
  if (monitorNewItems === 'none') return false;
  if (monitorNewItems === 'new') return !!releaseDate && releaseDate.getTime() > authorAdded.getTime();
  return true;
}
