import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { EnvSchema } from './env.schema';

export class EnvError extends Error {}

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

  /** PORT=0 lets the system pick the port when the server listens; from then on PORT reads as that port. */
  listeningOn(port: number): void {
    this.values.PORT = port;
  }

  get isProduction(): boolean {
    return this.values.NODE_ENV === 'production';
  }
}
