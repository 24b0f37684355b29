import 'reflect-metadata';

export type FieldType =
  | 'textbox'
  | 'number'
  | 'password'
  | 'checkbox'
  | 'select'
  | 'path'
  | 'filePath'
  | 'tag'
  | 'action'
  | 'url'
  | 'captcha'
  | 'oAuth'
  | 'device'
  | 'bookshelf'
  | 'tagSelect';

/** Readarr's PrivacyLevel. `password` and `apiKey` values are masked on output (Quire differs from Readarr here). */
export type FieldPrivacy = 'normal' | 'password' | 'apiKey' | 'userName';

export interface SelectOptionDef {
  value: number;
  name: string;
  order: number;
  hint?: string;
}

/** How a field's wire value is coerced on input; inferred from the property type when absent. */
export type FieldValueType = 'string' | 'number' | 'boolean' | 'numberArray' | 'stringArray';

export interface FieldOptions {
  order: number;
  label: string;
  type?: FieldType;
  helpText?: string;
  helpTextWarning?: string;
  helpLink?: string;
  advanced?: boolean;
  privacy?: FieldPrivacy;
  /** Enum-like `{ Name: value }` (name `_` → space, order = value) or explicit options. */
  selectOptions?: Record<string, number> | SelectOptionDef[];
  selectOptionsProviderAction?: string;
  unit?: string;
  hidden?: 'hidden' | 'hiddenIfNotSet';
  placeholder?: string;
  section?: string;
  isFloat?: boolean;
  valueType?: FieldValueType;
}

export interface FieldMetadata extends FieldOptions {
  property: string;
  valueType: FieldValueType;
}

/** As recorded by the decorator, before the schema builder fills a missing value type from the default value. */
interface RecordedField extends FieldOptions {
  property: string;
  valueType?: FieldValueType;
}

export interface FieldGroupMetadata {
  property: string;
  order: number;
  type: () => new () => object;
}

const FIELDS = Symbol('provider:fields');
const GROUPS = Symbol('provider:fieldGroups');

function inferValueType(target: object, property: string, options: FieldOptions): FieldValueType | undefined {
  if (options.valueType) return options.valueType;
  if (options.type === 'checkbox') return 'boolean';
  if (options.type === 'number') return 'number';
  if (options.type === 'tag') return 'stringArray';
  const designType = Reflect.getMetadata('design:type', target, property) as unknown;
  if (designType === Number) return 'number';
  if (designType === Boolean) return 'boolean';
  if (designType === String) return 'string';
  if (designType === Array)
    return options.type === 'select' || options.type === 'tagSelect' ? 'numberArray' : 'stringArray';
  // Unannotated properties: the schema builder decides from the default value.
  return undefined;
}

/**
 * Declares one settings property as a provider field (Readarr's FieldDefinition). Put it beside the
 * property's class-validator rules; the schema builder turns it into a `fields[]` element and back.
 */
export function Field(options: FieldOptions): PropertyDecorator {
  return (target, key) => {
    const property = String(key);
    const own = (Reflect.getOwnMetadata(FIELDS, target) as RecordedField[] | undefined) ?? [];
    own.push({ ...options, property, valueType: inferValueType(target, property, options) });
    Reflect.defineMetadata(FIELDS, own, target);
  };
}

/** A nested settings object whose fields are flattened with a dotted prefix (`seedCriteria.seedRatio`). */
export function FieldGroup(order: number, type: () => new () => object): PropertyDecorator {
  return (target, key) => {
    const own = (Reflect.getOwnMetadata(GROUPS, target) as FieldGroupMetadata[] | undefined) ?? [];
    own.push({ property: String(key), order, type });
    Reflect.defineMetadata(GROUPS, own, target);
  };
}

/** Fields and groups of a settings class, including those of its base classes (base first). */
export function fieldMetadataOf(settingsClass: new () => object): {
  fields: FieldMetadata[];
  groups: FieldGroupMetadata[];
} {
  const chain: object[] = [];
  for (let proto = settingsClass.prototype as object | null; proto && proto !== Object.prototype;) {
    chain.unshift(proto);
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  const defaults = new settingsClass() as Record<string, unknown>;
  const fields = new Map<string, FieldMetadata>();
  const groups = new Map<string, FieldGroupMetadata>();
  for (const proto of chain) {
    for (const field of (Reflect.getOwnMetadata(FIELDS, proto) as RecordedField[] | undefined) ?? [])
      fields.set(field.property, {
        ...field,
        valueType: field.valueType ?? valueTypeOf(defaults[field.property], field),
      });
    for (const group of (Reflect.getOwnMetadata(GROUPS, proto) as FieldGroupMetadata[] | undefined) ?? [])
      groups.set(group.property, group);
  }
  return { fields: [...fields.values()], groups: [...groups.values()] };
}

function valueTypeOf(value: unknown, field: FieldOptions): FieldValueType {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  if (Array.isArray(value))
    return field.type === 'select' || typeof value[0] === 'number' ? 'numberArray' : 'stringArray';
  return 'string';
}
