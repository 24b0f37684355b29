import type { MediaFileInfo } from '../../library/media-file/media-file.types';
import type { CandidateBook } from './import-candidates.repository';

export type RejectionTypeName = 'permanent' | 'temporary';

export interface RejectionValue {
  reason: string;
  type: RejectionTypeName;
}

/** The decision about one file: where it would go and why it may not. */
export interface ImportDecision {
  path: string;
  size: number;
  info: MediaFileInfo;
  qualityId: number;
  book?: CandidateBook;
  editionId?: number;
  matchPercent?: number;
  part: number;
  partCount: number;
  rejections: RejectionValue[];
}

/** What the caller knows about the files (from the grab, or chosen by the user in manual import). */
export interface DecisionHints {
  authorId?: number | null;
  bookIds?: number[];
  /** Per-path choices of manual import. */
  overrides?: Map<string, { bookId?: number; authorId?: number; foreignEditionId?: string; qualityId?: number }>;
  /** Manual import: a file already in the library is not offered again. */
  filterExistingFiles?: boolean;
  /** Manual import: the user asked to replace whatever is there (skip the upgrade check). */
  replaceExistingFiles?: boolean;
}

export const isApproved = (decision: ImportDecision) => decision.rejections.length === 0;
