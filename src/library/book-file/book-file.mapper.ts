import { qualityById, qualityWire } from '../profile/quality/quality';
import type { RevisionValue } from './book-file.entity';
import type { BookFileResource, MediaInfoResource } from './book-file.resource';
import { type CutoffSets, isQualityCutoffNotMet } from './quality-cutoff';

export interface BookFileRow {
  id: number;
  editionId: number | null;
  bookId: number | null;
  authorId: number | null;
  qualityProfileId: number | null;
  path: string;
  size: string;
  dateAdded: Date;
  qualityId: number;
  qualityRevision: RevisionValue;
  indexerFlags: number;
  mediaInfo: Record<string, unknown> | null;
}

/** Readarr: definition weight + 10 × revision.real + revision.version. */
export function qualityWeight(qualityId: number, revision: RevisionValue): number {
  return (qualityById(qualityId)?.weight ?? 0) + 10 * (revision.real ?? 0) + (revision.version ?? 1);
}

export function toBookFileResource(row: BookFileRow, cutoffs: Map<number, CutoffSets>): BookFileResource {
  const revision: RevisionValue = row.qualityRevision ?? { version: 1, real: 0, isRepack: false };
  return {
    id: row.id,
    authorId: row.authorId ?? 0,
    bookId: row.bookId ?? 0,
    path: row.path,
    size: Number(row.size),
    dateAdded: row.dateAdded,
    quality: { quality: qualityWire(row.qualityId), revision },
    qualityWeight: qualityWeight(row.qualityId, revision),
    indexerFlags: row.indexerFlags,
    mediaInfo: (row.mediaInfo as MediaInfoResource | null) ?? undefined,
    qualityCutoffNotMet:
      row.qualityProfileId !== null && isQualityCutoffNotMet(cutoffs.get(row.qualityProfileId), row.qualityId),
  };
}
