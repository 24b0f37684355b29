import type { MatchVia } from '../identity/identity-resolver';

export interface RematchCounts {
  total: number;
  /** Given the new source's id. */
  matched: number;
  /** Already carrying an id the new source knows (nothing to change). */
  unchanged: number;
  /** Kept with the old id: no match, or the match belongs to another row. */
  unmatched: number;
}

export interface RematchEntry {
  kind: 'author' | 'book';
  id: number;
  title: string;
  previousForeignId: string;
  foreignId: string;
  via: MatchVia;
}

export interface RematchUnmatched {
  kind: 'author' | 'book';
  id: number;
  title: string;
  foreignId: string;
  reason: string;
}

/** What `RematchLibrary` did: nothing is deleted, unmatched rows keep their old ids. */
export interface RematchReport {
  from: string;
  to: string;
  counts: { authors: RematchCounts; books: RematchCounts };
  matched: RematchEntry[];
  unmatched: RematchUnmatched[];
  lookups: { requests: number; identifiers: number; cached: number };
  startedAt: string;
  finishedAt?: string;
}

export function emptyCounts(): RematchCounts {
  return { total: 0, matched: 0, unchanged: 0, unmatched: 0 };
}
