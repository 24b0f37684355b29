import type { ValidationFailure } from '../../../api/client';

/** One element of a provider's `fields[]` as Quire writes it (src/provider/core/schema-builder.ts `FieldValue`). */
export interface ProviderField {
  order?: number;
  name?: string;
  label?: string;
  unit?: string;
  helpText?: string;
  helpTextWarning?: string;
  helpLink?: string;
  value?: unknown;
  type?: string;
  advanced?: boolean;
  /** Numbers (ids, enums) or strings (a Readarr list's root folder paths). */
  selectOptions?: { value: number | string; name?: string; order?: number; hint?: string }[];
  selectOptionsProviderAction?: string;
  section?: string;
  hidden?: string;
  placeholder?: string;
  isFloat?: boolean;
  privacy?: string;
}

/** Every provider resource's shared part (src/provider/core/provider.resource.ts) plus its kind's own flags. */
export interface ProviderResource {
  id?: number;
  name?: string;
  fields?: ProviderField[];
  implementation?: string;
  implementationName?: string;
  configContract?: string;
  infoLink?: string;
  tags?: number[];
  protocol?: string;
  presets?: ProviderResource[];
  [flag: string]: unknown;
}

/** The input a field is drawn with. */
export type FieldControl =
  'text' | 'url' | 'password' | 'number' | 'checkbox' | 'select' | 'multiSelect' | 'tags' | 'path' | 'unsupported';

/** A select's option: `value` is the input's text key, `wireValue` the option's value as the server gave it. */
export interface SelectChoice {
  value: string;
  label: string;
  wireValue: number | string;
}

export interface FormField {
  name: string;
  label: string;
  control: FieldControl;
  unit?: string;
  helpText?: string;
  helpTextWarning?: string;
  helpLink?: string;
  placeholder?: string;
  advanced: boolean;
  /** `hidden` never shows; `hiddenIfNotSet` shows only while the field holds a value. */
  hidden?: string;
  isFloat: boolean;
  /** A masked secret (`********`) is sent back unchanged, and the server keeps the stored one. */
  secret: boolean;
  choices: SelectChoice[];
  /** The provider action (`POST /<kind>/action/<name>`) that lists the choices. */
  choicesAction?: string;
  /** The field's original `type`, for the ones drawn as a plain text box. */
  sourceType: string;
}

/** What the form holds per field name; a select holds its option's wire value, so its type is kept. */
export type FormValue = string | number | boolean | (string | number)[] | null;
export type FormValues = Record<string, FormValue>;

export const MASKED_SECRET = '********';

function controlOf(field: ProviderField): FieldControl {
  switch (field.type ?? 'textbox') {
    case 'textbox':
      return 'text';
    case 'url':
      return 'url';
    case 'password':
      return 'password';
    case 'number':
      return 'number';
    case 'checkbox':
      return 'checkbox';
    case 'select':
    case 'tagSelect':
      return Array.isArray(field.value) ? 'multiSelect' : 'select';
    case 'tag':
      return 'tags';
    case 'path':
    case 'filePath':
      return 'path';
    default:
      return 'unsupported';
  }
}

function isSecret(field: ProviderField): boolean {
  return field.type === 'password' || field.privacy === 'password' || field.privacy === 'apiKey';
}

/** Options in their `order` (else a number's value; string options keep the server's order). */
export function toChoices(options: ProviderField['selectOptions']): SelectChoice[] {
  const rank = (option: NonNullable<ProviderField['selectOptions']>[number]) =>
    option.order ?? (typeof option.value === 'number' ? option.value : 0);
  return [...(options ?? [])]
    .sort((a, b) => rank(a) - rank(b))
    .map((option) => ({
      value: choiceKey(option.value),
      label: option.hint ? `${option.name ?? option.value} ${option.hint}` : (option.name ?? String(option.value)),
      wireValue: option.value,
    }));
}

/** The text a select input knows an option by. */
export const choiceKey = (value: number | string): string => String(value);

/**
 * The keys a select or multi-select input picked → the options' wire values; a key no option has (a stored value
 * the options do not list) keeps the value it was drawn from.
 */
export function pickedValues(keys: string[], choices: SelectChoice[], held: (number | string)[]): (number | string)[] {
  const byKey = new Map<string, number | string>(held.map((value) => [choiceKey(value), value]));
  for (const choice of choices) byKey.set(choice.value, choice.wireValue);
  return keys.map((key) => byKey.get(key) ?? key);
}

/** The options plus the held values they do not list (e.g. before the action answered), so those stay shown. */
export function withHeldValues(choices: SelectChoice[], held: (number | string)[]): SelectChoice[] {
  const known = new Set(choices.map((choice) => choice.value));
  const missing = held.filter((value) => !known.has(choiceKey(value)));
  return [...choices, ...missing.map((value) => ({ value: choiceKey(value), label: String(value), wireValue: value }))];
}

/**
 * What a field's options action depends on: the provider's other field values (its URL, API key…), for the
 * options to be asked again once those changed.
 */
export function actionDependencies(body: ProviderResource, fieldName: string): unknown[] {
  return [body.implementation, body.id, (body.fields ?? []).filter((field) => field.name !== fieldName)];
}

/** A schema's `fields[]` → the form's field descriptions, in the server's order. */
export function toFormFields(fields: ProviderField[] | undefined): FormField[] {
  return [...(fields ?? [])]
    .filter((field) => field.name)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((field) => {
      const control = controlOf(field);
      return {
        name: field.name!,
        label: field.label ?? field.name!,
        control,
        unit: field.unit,
        helpText: field.helpText,
        helpTextWarning: field.helpTextWarning,
        helpLink: field.helpLink,
        placeholder: field.placeholder,
        advanced: field.advanced ?? false,
        hidden: field.hidden,
        isFloat: field.isFloat ?? false,
        // A secret keeps its masked value in a password input, whatever its declared type.
        secret: isSecret(field),
        choices: toChoices(field.selectOptions),
        choicesAction: field.selectOptionsProviderAction,
        sourceType: field.type ?? 'textbox',
      } satisfies FormField;
    });
}

/** A wire value → what the field's input holds. */
export function toFormValue(field: FormField, value: unknown): FormValue {
  switch (field.control) {
    case 'checkbox':
      return value === true || value === 'true';
    case 'number':
      return typeof value === 'number'
        ? value
        : value === null || value === undefined || value === ''
          ? null
          : Number(value);
    case 'select':
      return typeof value === 'number' || typeof value === 'string' ? value : null;
    case 'multiSelect':
      return Array.isArray(value)
        ? value.map((item) => (typeof item === 'number' || typeof item === 'string' ? item : JSON.stringify(item)))
        : [];
    case 'tags':
      return Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))) : [];
    case 'text':
    case 'url':
    case 'password':
    case 'path':
    case 'unsupported':
      return value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** What the input holds → the wire value the server coerces (schema-builder.ts `coerceFieldValue`). */
export function toWireValue(field: FormField, value: FormValue): unknown {
  switch (field.control) {
    case 'checkbox':
      return value === true;
    case 'number':
      return value === '' || value === null ? null : Number(value);
    case 'select':
      return value === null || value === '' ? null : value;
    case 'multiSelect':
      return Array.isArray(value) ? value : [];
    case 'tags':
      return Array.isArray(value) ? value : [];
    case 'text':
    case 'url':
    case 'password':
    case 'path':
    case 'unsupported':
      return value ?? '';
  }
}

export function initialValues(formFields: FormField[], fields: ProviderField[] | undefined): FormValues {
  const byName = new Map((fields ?? []).map((field) => [field.name, field.value]));
  return Object.fromEntries(formFields.map((field) => [field.name, toFormValue(field, byName.get(field.name))]));
}

/** The form's values → `fields[]` for a save or a test (only `name` and `value` matter on input). */
export function toWireFields(formFields: FormField[], values: FormValues): { name: string; value: unknown }[] {
  return formFields.map((field) => ({ name: field.name, value: toWireValue(field, values[field.name] ?? null) }));
}

/** Which fields to draw: advanced ones only with the toggle, hidden never, hiddenIfNotSet only when set. */
export function visibleFields(formFields: FormField[], values: FormValues, showAdvanced: boolean): FormField[] {
  return formFields.filter((field) => {
    if (field.advanced && !showAdvanced) return false;
    if (field.hidden === 'hidden') return false;
    if (field.hidden === 'hiddenIfNotSet') {
      const value = values[field.name];
      return !(value === null || value === '' || (Array.isArray(value) && value.length === 0));
    }
    return true;
  });
}

export interface FieldMessages {
  errors: string[];
  warnings: string[];
}

/** Quire's failures carry `severity`/`isWarning` (src/provider/core/provider.ts `providerFailure`). */
export type ProviderFailure = ValidationFailure & {
  isWarning?: boolean;
  severity?: string;
  detailedDescription?: string;
};

const normalise = (name: string) =>
  name
    .replace(/^fields\[\d+\]\./i, '')
    .replace(/[^a-z0-9.]/gi, '')
    .toLowerCase();

/**
 * Readarr's 400 array → messages per field. `propertyName` is matched case-insensitively against the field names
 * and the `extra` (kind-level) names (`ApiKey`, `apiKey`, `Name`); the rest are general to the form.
 */
export function failuresByField(
  failures: ProviderFailure[],
  names: string[],
): { byField: Record<string, FieldMessages>; general: ProviderFailure[] } {
  const lookup = new Map(names.map((name) => [normalise(name), name]));
  const byField: Record<string, FieldMessages> = {};
  const general: ProviderFailure[] = [];
  for (const failure of failures) {
    const name = lookup.get(normalise(failure.propertyName ?? ''));
    if (!name) {
      general.push(failure);
      continue;
    }
    const entry = (byField[name] ??= { errors: [], warnings: [] });
    const text = failure.detailedDescription
      ? `${failure.errorMessage} (${failure.detailedDescription})`
      : failure.errorMessage;
    (isWarning(failure) ? entry.warnings : entry.errors).push(text);
  }
  return { byField, general };
}

export function isWarning(failure: ProviderFailure): boolean {
  return failure.isWarning === true || failure.severity === 'warning';
}

/** The add picker: implementations grouped by protocol (or one group when a kind has none). */
export function groupByProtocol(schemas: ProviderResource[]): { protocol: string; items: ProviderResource[] }[] {
  const groups = new Map<string, ProviderResource[]>();
  for (const schema of schemas) {
    const protocol = typeof schema.protocol === 'string' && schema.protocol !== 'unknown' ? schema.protocol : '';
    groups.set(protocol, [...(groups.get(protocol) ?? []), schema]);
  }
  return [...groups.entries()].map(([protocol, items]) => ({ protocol, items }));
}
