/** Marks an object whose `id` must be written even when it is 0 (LanguageResource, CustomFormatResource). */
export const KEEP_ZERO_ID = Symbol('keepZeroId');

export function keepZeroId<T extends object>(value: T): T {
  Object.defineProperty(value, KEEP_ZERO_ID, { value: true, enumerable: false });
  return value;
}

/** `yyyy-MM-ddTHH:mm:ssZ`: UTC, no fractional seconds, as Readarr writes dates. */
export function formatDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Readarr's JSON conventions applied to every response: null properties omitted,
 * `id: 0` omitted, dates without fractions.
 */
export function wireJsonReplacer(this: any, key: string, value: unknown): unknown {
  if (value === null) return undefined;
  const original = this?.[key];
  if (original instanceof Date) return Number.isNaN(original.getTime()) ? undefined : formatDate(original);
  if (key === 'id' && value === 0 && !this[KEEP_ZERO_ID]) return undefined;
  return value;
}
