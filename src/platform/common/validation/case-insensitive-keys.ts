import { getMetadataStorage } from 'class-validator';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';

// class-transformer keeps its @Type metadata here; the package ships the typings separately from the code.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as {
  defaultMetadataStorage: MetadataStorage;
};

type Target = new (...args: any[]) => unknown;

const namesCache = new Map<Target, Map<string, string>>();

/** Lower-cased property name → declared name, for every validated property of the class (inherited ones too). */
function declaredNames(target: Target): Map<string, string> {
  let names = namesCache.get(target);
  if (!names) {
    names = new Map();
    for (const metadata of getMetadataStorage().getTargetValidationMetadatas(target, '', true, false))
      names.set(metadata.propertyName.toLowerCase(), metadata.propertyName);
    namesCache.set(target, names);
  }
  return names;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

function nestedType(target: Target, name: string): Target | undefined {
  try {
    const type = defaultMetadataStorage.findTypeMetadata(target, name)?.typeFunction?.() as Target | undefined;
    return type && type !== (Object as unknown) && type !== (Date as unknown) ? type : undefined;
  } catch {
    return undefined; // a discriminated @Type that needs the transform options
  }
}

/**
 * Readarr matches request property names case-insensitively: a key that is not a declared
 * property of the DTO but equals one ignoring case is renamed to it (an exact key always wins), recursively
 * through nested DTOs declared with `@Type`. Keys of free-form objects are left alone.
 */
export function matchKeysCaseInsensitively(value: unknown, target: Target | undefined): unknown {
  if (!target || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => matchKeysCaseInsensitively(item, target));
  if (!isPlainObject(value)) return value;
  const names = declaredNames(target);
  if (names.size === 0) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const declared = names.get(key.toLowerCase());
    const name = declared && !(declared in value) ? declared : key;
    if (!(name in result) || name === key) result[name] = item;
  }
  for (const name of names.values()) {
    if (!(name in result)) continue;
    const nested = nestedType(target, name);
    if (nested) result[name] = matchKeysCaseInsensitively(result[name], nested);
  }
  return result;
}
