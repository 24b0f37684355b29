import { normalize } from 'node:path';

/**
 * A path as Quire stores and compares it: trimmed, `.`, `..` and doubled separators resolved, no trailing
 * separator (`/` stays `/`). Used for root folders and author folders alike, so the two compare equal.
 */
export function normalizePath(path: string): string {
  const trimmed = path.trim();
  if (!trimmed) return trimmed;
  const normalized = normalize(trimmed);
  return normalized.length > 1 ? normalized.replace(/[/\\]+$/, '') : normalized;
}
