import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { EnvSchema } from './env.schema';

export class EnvError extends Error {}

/** The variables each parsed environment was actually given (the rest hold their defaults). */
const given = new WeakMap<EnvSchema, ReadonlySet<string>>();

/**
 * The variables that may instead come from a setting saved in the database (Settings → General), read at start-up
 * before the server listens; a variable given in the environment wins over the saved setting.
 */
export const STORED_OVERRIDABLE = ['PORT', 'BIND_ADDRESS', 'URL_BASE', 'LOG_LEVEL'] as const;
export type StoredOverridable = (typeof STORED_OVERRIDABLE)[number];

/** Parses and validates the environment once; every bad variable is named in one line each. */
export function parseEnv(source: Record<string, string | undefined>): EnvSchema {
  const known = Object.keys(new EnvSchema());
  const picked: Record<string, string> = {};
  for (const key of known) {
    const value = source[key];
    if (value !== undefined) picked[key] = value;
  }
  const env = plainToInstance(EnvSchema, picked, { exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false });
  if (errors.length > 0) {
    const lines = errors.map((error) => {
      const message = Object.values(error.constraints ?? {})[0] ?? 'is invalid';
      return `${error.property} ${message} (got ${JSON.stringify(picked[error.property] ?? error.value)})`;
    });
    throw new EnvError(`Invalid configuration: ${lines.join('; ')}`);
  }
  given.set(env, new Set(Object.keys(picked)));
  return env;
}

@Injectable()
export class EnvService {
  constructor(readonly values: EnvSchema) {}

  static fromProcess(): EnvService {
    return new EnvService(parseEnv(process.env));
  }

  get<K extends keyof EnvSchema>(key: K): EnvSchema[K] {
    return this.values[key];
  }

  /** Whether the variable was given in the environment (an empty one counts as given: it is validated as such). */
  isSet(key: keyof EnvSchema): boolean {
    return given.get(this.values)?.has(key) ?? false;
  }

  /**
   * Takes saved settings for the variables the environment does not set. Each value is checked by the same rules as
   * the variable; one that fails them is left out (the default stays) and described in the returned list, so a bad
   * saved value never stops Quire from starting.
   */
  applyStored(stored: Partial<Record<StoredOverridable, string | number>>): { applied: string[]; refused: string[] } {
    const applied: string[] = [];
    const refused: string[] = [];
    for (const key of STORED_OVERRIDABLE) {
      const value = stored[key];
      if (value === undefined || this.isSet(key)) continue;
      try {
        const parsed = parseEnv({ [key]: String(value) });
        (this.values as unknown as Record<string, unknown>)[key] = parsed[key];
        applied.push(key);
      } catch (error) {
        refused.push(error instanceof EnvError ? error.message.replace(/^Invalid configuration: /, '') : String(error));
      }
    }
    return { applied, refused };
  }

  /** Puts a variable back to its default (a saved port that could not be listened on, say). */
  resetToDefault(key: StoredOverridable): void {
    (this.values as unknown as Record<string, unknown>)[key] = new EnvSchema()[key];
  }

  /** PORT=0 lets the system pick the port when the server listens; from then on PORT reads as that port. */
  listeningOn(port: number): void {
    this.values.PORT = port;
  }

  get isProduction(): boolean {
    return this.values.NODE_ENV === 'production';
  }
}
