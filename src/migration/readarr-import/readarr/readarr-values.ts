import type { SqlValue } from 'sql.js';

/** Readarr's DATETIME text ('2024-03-26 14:32:51.5123456Z' or FluentMigrator's 'yyyy-MM-ddTHH:mm:ss'), UTC. */
export function readDate(value: SqlValue | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let text = String(value).trim().replace(' ', 'T');
  text = text.replace(/(\.\d{3})\d+/, '$1');
  if (!/[zZ]|[+-]\d\d:?\d\d$/.test(text)) text += 'Z';
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function readBool(value: SqlValue | undefined, fallback = false): boolean {
  if (value === null || value === undefined) return fallback;
  return Number(value) !== 0;
}

export function readInt(value: SqlValue | undefined, fallback = 0): number {
  const number = Number(value);
  return value === null || value === undefined || !Number.isFinite(number) ? fallback : Math.trunc(number);
}

export function readText(value: SqlValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  return String(value);
}

/** A JSON column; malformed or empty text gives `fallback` (old rows hold nulls where newer ones hold '[]'). */
export function readJson<T>(value: SqlValue | undefined, fallback: T): T {
  if (value === null || value === undefined || value === '') return fallback;
  try {
    const parsed = JSON.parse(String(value)) as T | null;
    return parsed ?? fallback;
  } catch {
    return fallback;
  }
}

/** A JSON array of ids (tags, book ids). */
export function readIds(value: SqlValue | undefined): number[] {
  const parsed = readJson<unknown>(value, []);
  return Array.isArray(parsed) ? parsed.map(Number).filter((id) => Number.isInteger(id)) : [];
}

export function readStrings(value: SqlValue | undefined): string[] {
  const parsed = readJson<unknown>(value, []);
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
}

export interface ReadarrQuality {
  quality: number;
  revision: { version: number; real: number; isRepack: boolean };
}

/** Quality JSON `{quality: 3, revision: {...}}` (older rows: `{quality: {id: 3}}`). */
export function readQuality(value: SqlValue | undefined): ReadarrQuality {
  const parsed = readJson<Record<string, any>>(value, {});
  const raw = parsed.quality;
  const id = typeof raw === 'object' && raw !== null ? Number(raw.id) : Number(raw);
  const revision = (parsed.revision ?? {}) as Record<string, unknown>;
  return {
    quality: Number.isInteger(id) ? id : 0,
    revision: {
      version: readInt(revision.version as number, 1) || 1,
      real: readInt(revision.real as number, 0),
      isRepack: revision.isRepack === true,
    },
  };
}

/** `MonitorNewItems`-style enums stored as numbers. */
export const NEW_ITEM_MONITOR = ['all', 'none', 'new'] as const;
export const MONITOR_TYPES = ['all', 'future', 'missing', 'existing', 'latest', 'first', 'none', 'unknown'] as const;

export function enumName<T extends readonly string[]>(names: T, value: SqlValue | undefined): T[number] {
  return names[readInt(value, 0)] ?? names[0];
}
