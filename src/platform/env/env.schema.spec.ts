import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EnvSchema } from './env.schema';
import { EnvError, parseEnv } from './env.service';

describe('environment', () => {
  it('parses an empty environment to the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 8787,
      BIND_ADDRESS: '0.0.0.0',
      URL_BASE: '',
      DATA_DIR: './data',
      HUB_SMTP_PORT: 25,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.API_KEY).toBeUndefined();
  });

  it('accepts PORT=0, which asks the system for a free port', () => {
    expect(parseEnv({ PORT: '0' }).PORT).toBe(0);
  });

  it('treats empty strings as unset for optional variables', () => {
    expect(parseEnv({ DATABASE_URL: '', API_KEY: ' ' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['URL_BASE', 'quire/'],
    ['LOG_LEVEL', 'chatty'],
    ['DATABASE_URL', 'mysql://x'],
    ['API_KEY', 'short'],
  ])('rejects %s=%s naming the variable', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('names every bad variable at once', () => {
    expect(() => parseEnv({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT .*; LOG_LEVEL /);
  });

  it('.env.example documents every variable with its default', () => {
    const example = readFileSync(join(__dirname, '..', '..', '..', '.env.example'), 'utf8');
    const documented = new Map(
      [...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1], match[2]] as const),
    );
    const defaults = new EnvSchema() as unknown as Record<string, unknown>;
    for (const name of Object.keys(defaults)) {
      expect(documented.has(name) ? name : `${name} (missing from .env.example)`).toBe(name);
      const value = defaults[name] as string | number | undefined;
      expect(`${name}=${documented.get(name)}`).toBe(`${name}=${value === undefined ? '' : String(value)}`);
    }
    for (const name of ['DATABASE_URL', 'API_KEY', 'METADATA_SOURCE_URL', 'COVER_SOURCE_URL'])
      expect(documented.has(name)).toBe(true);
  });
});
