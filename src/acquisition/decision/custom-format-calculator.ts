import type { CustomFormat, StoredSpecification } from '../../library/profile/custom-format/custom-format.entity';
import type { ProfileFormatItem } from '../../library/profile/quality-profile/quality-profile.entity';
import type { ReleaseInfo } from '../../integrations/indexer/indexer-client';
import type { MatchedFormat } from './remote-book';

const GB = 1024 * 1024 * 1024;

export interface FormatInput {
  title: string;
  releaseGroup?: string;
  indexerFlags: number;
  size: number;
}

export function formatInput(release: Pick<ReleaseInfo, 'title' | 'indexerFlags' | 'size'>, releaseGroup?: string) {
  return { title: release.title, releaseGroup, indexerFlags: release.indexerFlags ?? 0, size: release.size };
}

function regexMatches(pattern: unknown, text: string | undefined): boolean {
  if (typeof pattern !== 'string' || !text) return false;
  try {
    return new RegExp(pattern, 'i').test(text);
  } catch {
    return false;
  }
}

/** One condition of a custom format (before `negate`). */
export function specificationMatches(spec: StoredSpecification, input: FormatInput): boolean {
  switch (spec.implementation.toLowerCase()) {
    case 'releasetitlespecification':
      return regexMatches(spec.fields.value, input.title);
    case 'releasegroupspecification':
      return regexMatches(spec.fields.value, input.releaseGroup);
    case 'indexerflagspecification':
      return (input.indexerFlags & Number(spec.fields.value ?? 0)) !== 0;
    case 'sizespecification': {
      const min = Number(spec.fields.min ?? 0) * GB;
      const max = Number(spec.fields.max ?? 0) * GB;
      return input.size > min && input.size <= max;
    }
    default:
      return false;
  }
}

/**
 * Readarr's CustomFormatCalculationService: within each condition type, every `required` condition must
 * hold and, when there are non-required ones, at least one of them; `negate` inverts a condition.
 */
export function formatMatches(format: Pick<CustomFormat, 'specifications'>, input: FormatInput): boolean {
  if (format.specifications.length === 0) return false;
  const byType = new Map<string, StoredSpecification[]>();
  for (const spec of format.specifications) {
    const key = spec.implementation.toLowerCase();
    byType.set(key, [...(byType.get(key) ?? []), spec]);
  }
  for (const specs of byType.values()) {
    const results = specs.map((spec) => ({ spec, ok: specificationMatches(spec, input) !== spec.negate }));
    if (results.some((result) => result.spec.required && !result.ok)) return false;
    const optional = results.filter((result) => !result.spec.required);
    if (optional.length > 0 && !optional.some((result) => result.ok)) return false;
  }
  return true;
}

export function matchFormats(formats: CustomFormat[], input: FormatInput): MatchedFormat[] {
  return formats.filter((format) => formatMatches(format, input)).map(({ id, name }) => ({ id, name }));
}

export function formatScore(matched: MatchedFormat[], formatItems: ProfileFormatItem[]): number {
  const scores = new Map(formatItems.map((item) => [item.format, item.score]));
  return matched.reduce((sum, format) => sum + (scores.get(format.id) ?? 0), 0);
}
