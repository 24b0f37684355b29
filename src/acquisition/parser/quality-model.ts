import { qualityWire } from '../../library/profile/quality/quality';
import type { RevisionValue } from './parsed-book-info';

/** Readarr's QualityModel as stored (jsonb) and written on the wire. */
export interface QualityModelValue {
  quality: { id: number; name: string };
  revision: RevisionValue;
}

export function qualityModel(qualityId: number, revision?: Partial<RevisionValue>): QualityModelValue {
  return {
    quality: qualityWire(qualityId),
    revision: { version: revision?.version ?? 1, real: revision?.real ?? 0, isRepack: revision?.isRepack ?? false },
  };
}

/** Re-applies the zero-id rule after a jsonb round trip (Unknown Text has id 0 and must keep it). */
export function qualityModelFromJson(value: QualityModelValue | null | undefined): QualityModelValue {
  return qualityModel(value?.quality?.id ?? 0, value?.revision);
}
