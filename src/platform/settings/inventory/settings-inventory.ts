import { getMetadataStorage } from 'class-validator';
import { failure, ValidationError } from '../../common/errors/domain-errors';

/**
 * Whether a setting Quire accepts changes what Quire does. Every field of every settings resource and provider
 * schema has one entry, so "Quire stores it but ignores it" is never silent:
 * - `acts`: `where` names the code that reads it, `test` the test that shows the effect;
 * - `ui-only`: a preference of the web UI the server only stores; `where` is the UI file that applies it;
 * - `pending`: stored, not yet acted on; the API keeps accepting it, the UI shows a note;
 * - `unsupported`: Quire will not act on it; a non-default value is refused with a 400 naming the field.
 */
export type SettingStatus = 'acts' | 'ui-only' | 'pending' | 'unsupported';

export interface SpecReference {
  /** Path from the repository root. */
  file: string;
  /** The exact title of one test in that file. */
  title: string;
}

export type InventoryEntry =
  | {
      status: 'acts';
      where: string;
      test: SpecReference;
      note?: string;
      /** The environment variable that, when set, wins over the saved setting (the UI then shows the field pinned). */
      env?: string;
    }
  | { status: 'ui-only'; where: string }
  | { status: 'pending'; note: string }
  | { status: 'unsupported'; reason: string };

/** One settings resource or provider implementation, with the fields it exposes and their statuses. */
export interface SettingsSurface {
  /** Stable id, e.g. `config/host` or `downloadclient/QBittorrent`. */
  id: string;
  title: string;
  /** Where clients read and write it, e.g. `/api/v1/config/host`. */
  route: string;
  /** Every settable field name, enumerated from the resource class or the provider schema. */
  fields: string[];
  /** Field name → default value, for the "non-default" test of unsupported fields. */
  defaults: Record<string, unknown>;
  entries: Record<string, InventoryEntry>;
}

/** What the UI and the generated page need of one field. */
export interface InventoryFieldView {
  name: string;
  status: SettingStatus;
  /** The reason (unsupported), the note (pending), or where it acts or is applied. */
  detail: string;
  /** The environment variable that can pin it, when there is one. */
  env?: string;
}

/**
 * The wire properties of a resource class, found from its class-validator rules (every input property has one),
 * minus the ones that are only ever output.
 */
export function resourceFieldNames(resource: new () => object, outputOnly: readonly string[]): string[] {
  const names = new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(resource, '', true, false)
      .map((metadata) => metadata.propertyName),
  );
  for (const name of ['id', ...outputOnly]) names.delete(name);
  return [...names];
}

export function fieldView(name: string, entry: InventoryEntry): InventoryFieldView {
  if (entry.status === 'unsupported') return { name, status: entry.status, detail: entry.reason };
  if (entry.status === 'pending') return { name, status: entry.status, detail: entry.note };
  const env = entry.status === 'acts' && entry.env ? { env: entry.env } : {};
  if (entry.status === 'acts' && entry.note) return { name, status: entry.status, detail: entry.note, ...env };
  return { name, status: entry.status, detail: entry.where, ...env };
}

/**
 * Mismatches between a surface's fields and its entries, and entries that lack what their status needs. Checking
 * that a named spec and title exist is left to the inventory's own spec, which may read files.
 */
export function inventoryProblems(surface: SettingsSurface): string[] {
  const problems: string[] = [];
  const fields = new Set(surface.fields);
  for (const field of surface.fields)
    if (!surface.entries[field]) problems.push(`${surface.id}: field '${field}' has no inventory entry`);
  for (const [field, entry] of Object.entries(surface.entries)) {
    if (!fields.has(field)) problems.push(`${surface.id}: entry '${field}' names no field`);
    if (entry.status === 'unsupported' && !entry.reason.trim())
      problems.push(`${surface.id}: unsupported '${field}' has no reason`);
    if (entry.status === 'pending' && !entry.note.trim())
      problems.push(`${surface.id}: pending '${field}' has no note`);
    if ((entry.status === 'acts' || entry.status === 'ui-only') && !entry.where.trim())
      problems.push(
        `${surface.id}: '${field}' does not say where it ${entry.status === 'acts' ? 'acts' : 'is applied'}`,
      );
  }
  return problems;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The unsupported fields an input sets to a value other than the default and other than what is stored (a value
 * carried over from Readarr may stay; changing it may not). Names are the surface's field names.
 */
export function unsupportedChanges(
  surface: SettingsSurface,
  input: Record<string, unknown>,
  current: Record<string, unknown>,
): { field: string; value: unknown; reason: string }[] {
  const changes: { field: string; value: unknown; reason: string }[] = [];
  for (const [field, entry] of Object.entries(surface.entries)) {
    if (entry.status !== 'unsupported' || !(field in input)) continue;
    const value = input[field];
    if (value === undefined || value === null) continue;
    if (sameValue(value, surface.defaults[field]) || sameValue(value, current[field])) continue;
    changes.push({ field, value, reason: entry.reason });
  }
  return changes;
}

/** How an unsupported field is described to users (provider help text, validation messages). */
export const unsupportedText = (reason: string) => `Not supported by Quire: ${reason}`;

/** The note the UI shows beside a pending field. */
export const PENDING_TEXT = 'Stored, not yet acted on by Quire';

export const acts = (where: string, [file, title]: [string, string], note?: string): InventoryEntry => ({
  status: 'acts',
  where,
  test: { file, title },
  ...(note ? { note } : {}),
});
/** A setting that acts, read at start-up, which the environment variable `env` overrides when it is set. */
export const pinnableBy = (env: string, entry: InventoryEntry): InventoryEntry =>
  entry.status === 'acts' ? { ...entry, env } : entry;
export const uiOnly = (where: string): InventoryEntry => ({ status: 'ui-only', where });
export const pending = (note: string): InventoryEntry => ({ status: 'pending', note });
export const unsupported = (reason: string): InventoryEntry => ({ status: 'unsupported', reason });

/** A `/config/<section>`-style surface: the fields of its resource class, the defaults of its stored section. */
export function resourceSurface(input: {
  id: string;
  title: string;
  route: string;
  resource: new () => object;
  defaults: object;
  /** Properties of the resource that are never settings (read-only output, identities). */
  notSettings?: readonly string[];
  entries: Record<string, InventoryEntry>;
}): SettingsSurface {
  return {
    id: input.id,
    title: input.title,
    route: input.route,
    fields: resourceFieldNames(input.resource, input.notSettings ?? []),
    defaults: { ...input.defaults },
    entries: input.entries,
  };
}

/** Refuses (400, naming each field) an input that changes an unsupported field away from its default. */
export function assertSupported(surface: SettingsSurface, input: object, current: object): void {
  const changes = unsupportedChanges(surface, input as Record<string, unknown>, current as Record<string, unknown>);
  if (changes.length === 0) return;
  throw new ValidationError(
    changes.map((change) => failure(change.field, unsupportedText(change.reason), change.value)),
  );
}
