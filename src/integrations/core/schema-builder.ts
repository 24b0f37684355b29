import { validateSync } from 'class-validator';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { parseBoolean } from '../../platform/common/validation/transforms';
import { toValidationFailures } from '../../platform/common/validation/validation-failures';
import { MASKED_SECRET } from '../../platform/common/wire/masked-secret';
import { FieldMetadata, fieldMetadataOf, SelectOptionDef } from './field.decorator';

export { MASKED_SECRET };

export type SettingsClass<S extends object = object> = new () => S;

/** One element of Readarr's `fields[]` (wire shape; null keys are dropped by the JSON replacer). */
export interface FieldValue {
  order: number;
  name: string;
  label: string;
  unit?: string;
  helpText?: string;
  helpTextWarning?: string;
  helpLink?: string;
  value?: unknown;
  type: string;
  advanced: boolean;
  selectOptions?: SelectOptionDef[];
  selectOptionsProviderAction?: string;
  section?: string;
  hidden?: string;
  placeholder?: string;
  isFloat: boolean;
  privacy: string;
}

interface FlatField {
  name: string;
  path: string[];
  meta: FieldMetadata;
  sortKey: number[];
}

const cache = new WeakMap<SettingsClass, FlatField[]>();

function lowerFirst(name: string): string {
  return name ? name[0].toLowerCase() + name.slice(1) : name;
}

function flatten(settingsClass: SettingsClass, prefix: string[], sortPrefix: number[]): FlatField[] {
  const { fields, groups } = fieldMetadataOf(settingsClass);
  const out: FlatField[] = fields.map((meta) => ({
    name: [...prefix, meta.property].map(lowerFirst).join('.'),
    path: [...prefix, meta.property],
    meta,
    sortKey: [...sortPrefix, meta.order],
  }));
  for (const group of groups)
    out.push(...flatten(group.type(), [...prefix, group.property], [...sortPrefix, group.order]));
  return out;
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? -1) - (b[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** The settings class's fields, flattened and in wire order. */
export function describeSettings(settingsClass: SettingsClass): FlatField[] {
  let flat = cache.get(settingsClass);
  if (!flat) {
    flat = flatten(settingsClass, [], []).sort((a, b) => compareKeys(a.sortKey, b.sortKey));
    cache.set(settingsClass, flat);
  }
  return flat;
}

export function isSecret(meta: FieldMetadata): boolean {
  return meta.privacy === 'password' || meta.privacy === 'apiKey' || meta.type === 'password';
}

function getPath(target: object, path: string[]): unknown {
  let current: unknown = target;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function setPath(target: object, path: string[], value: unknown): void {
  let current = target as Record<string, unknown>;
  for (const part of path.slice(0, -1)) {
    if (current[part] === null || typeof current[part] !== 'object') current[part] = {};
    current = current[part] as Record<string, unknown>;
  }
  current[path[path.length - 1]] = value;
}

function selectOptions(meta: FieldMetadata): SelectOptionDef[] | undefined {
  if (!meta.selectOptions) return undefined;
  if (Array.isArray(meta.selectOptions)) return meta.selectOptions;
  return Object.entries(meta.selectOptions)
    .map(([name, value]) => ({ value, name: name.replace(/_/g, ' '), order: value }))
    .sort((a, b) => a.order - b.order);
}

/** Settings → Readarr `fields[]`; secrets that hold a value come back as `********` unless `includeSecrets`. */
export function settingsToFields(
  settings: object,
  settingsClass: SettingsClass,
  options: { includeSecrets?: boolean } = {},
): FieldValue[] {
  return describeSettings(settingsClass).map((flat, order) => {
    const { meta } = flat;
    let value = getPath(settings, flat.path);
    if (!options.includeSecrets && isSecret(meta) && typeof value === 'string' && value !== '') value = MASKED_SECRET;
    return {
      order,
      name: flat.name,
      label: meta.label,
      unit: meta.unit,
      helpText: meta.helpText,
      helpTextWarning: meta.helpTextWarning,
      helpLink: meta.helpLink,
      value: value ?? null,
      type:
        meta.type ?? (meta.valueType === 'boolean' ? 'checkbox' : meta.valueType === 'number' ? 'number' : 'textbox'),
      advanced: meta.advanced ?? false,
      selectOptions: selectOptions(meta),
      selectOptionsProviderAction: meta.selectOptionsProviderAction,
      section: meta.section,
      hidden: meta.hidden,
      placeholder: meta.placeholder,
      isFloat: meta.isFloat ?? false,
      privacy: meta.privacy ?? 'normal',
    };
  });
}

/** Coerces a wire value to the field's type; values that cannot be coerced stay as sent, for validation to reject. */
export function coerceFieldValue(meta: FieldMetadata, value: unknown): unknown {
  if (value === undefined) return undefined;
  switch (meta.valueType) {
    case 'number':
      if (value === null || value === '') return null;
      if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
      return value;
    case 'boolean':
      return value === null ? false : parseBoolean(value);
    case 'string':
      if (value === null) return null;
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    case 'numberArray':
    case 'stringArray': {
      if (value === null || value === '') return [];
      const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
      if (meta.valueType === 'stringArray')
        return list.map((item) => (typeof item === 'string' ? item.trim() : String(item))).filter((item) => item);
      return list.map((item) => (typeof item === 'string' && /^\s*-?\d+\s*$/.test(item) ? Number(item) : item));
    }
  }
}

/** A settings instance: class defaults, overlaid by stored values (only declared fields). */
export function hydrateSettings<S extends object>(
  settingsClass: SettingsClass<S>,
  stored?: Record<string, unknown>,
): S {
  const settings = new settingsClass();
  if (stored) {
    for (const flat of describeSettings(settingsClass)) {
      const value = getPath(stored, flat.path);
      if (value !== undefined) setPath(settings, flat.path, value);
    }
  }
  return settings;
}

/**
 * Applies a client's `fields[]` (only `name`/`value` matter; names match case-insensitively; unknown names are
 * ignored; missing ones keep the current value). A masked secret keeps the current value.
 */
export function applyFields<S extends object>(
  settings: S,
  settingsClass: SettingsClass<S>,
  fields: { name?: string; value?: unknown }[] | undefined,
): S {
  const byName = new Map(describeSettings(settingsClass).map((flat) => [flat.name.toLowerCase(), flat]));
  for (const field of fields ?? []) {
    const flat = field?.name ? byName.get(field.name.toLowerCase()) : undefined;
    if (!flat || !('value' in field)) continue;
    if (isSecret(flat.meta) && field.value === MASKED_SECRET) continue;
    setPath(settings, flat.path, coerceFieldValue(flat.meta, field.value));
  }
  return settings;
}

/** The plain object stored in `settings` jsonb: declared fields only. */
export function settingsToPlain(settings: object, settingsClass: SettingsClass): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const flat of describeSettings(settingsClass)) {
    const value = getPath(settings, flat.path);
    if (value !== undefined) setPath(plain, flat.path, value);
  }
  return plain;
}

/** Runs the settings class's class-validator rules; names come back as Readarr's PascalCase paths. */
export function validateSettings(settings: object): ValidationFailure[] {
  return toValidationFailures(validateSync(settings, { forbidUnknownValues: false }));
}
