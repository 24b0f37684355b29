import type { RemoteBook, RemoteEdition } from '../metadata-source';

/** One work to write: the source's work and the editions that passed the profile (or that exist locally). */
export interface PlannedBook {
  book: RemoteBook;
  editions: RemoteEdition[];
}

export interface WriteOutcome {
  /** Rows inserted or updated; 0 means the refresh changed nothing. */
  changedRows: number;
  addedBookIds: number[];
  updatedBookIds: number[];
  /** Books whose monitored edition is new or changed (their covers need fetching). */
  coverBookIds: number[];
  skipped: string[];
}
