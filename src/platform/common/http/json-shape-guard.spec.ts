import { ValidationError } from '../errors/domain-errors';
import { assertJsonShape, JSON_LIMITS } from './json-shape-guard';

function failureOf(text: string) {
  try {
    assertJsonShape(Buffer.from(text, 'utf8'));
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).failures[0];
  }
  return undefined;
}

describe('assertJsonShape', () => {
  it('accepts ordinary resources, escapes and trailing commas', () => {
    expect(failureOf('{"label":"a \\"quoted\\" \\\\ word","ids":[1,2,-3.5e2],"x":{"y":[true,false,null]},}')).toBe(
      undefined,
    );
  });

  it('refuses deep nesting without recursion (100k levels)', () => {
    expect(failureOf('['.repeat(100_000) + ']'.repeat(100_000))?.errorMessage).toMatch(/nested at most 32/);
    expect(failureOf('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000))?.errorMessage).toMatch(/nested/);
  });

  it('refuses too many keys in one object and names the object', () => {
    const keys = Array.from({ length: JSON_LIMITS.maxKeysPerObject + 1 }, (_, i) => `"k${i}":1`).join(',');
    const failure = failureOf(`{"metadata":{${keys}}}`);
    expect(failure?.errorMessage).toMatch(/at most 500 keys/);
    expect(failure?.propertyName).toBe('Metadata.K500');
  });

  it('refuses long arrays, long strings and NUL escapes', () => {
    expect(failureOf(`[${'1,'.repeat(JSON_LIMITS.maxArrayLength)}1]`)?.errorMessage).toMatch(/array/);
    expect(failureOf(`{"t":"${'x'.repeat(JSON_LIMITS.maxStringBytes + 1)}"}`)?.errorMessage).toMatch(/string/);
    expect(failureOf('{"title":"a\\u0000b"}')?.propertyName).toBe('Title');
    expect(failureOf('{"a\\u0000":1}')?.errorMessage).toMatch(/Keys may not contain NUL/);
    expect(failureOf('{"t":"a\\\\u0000"}')).toBe(undefined); // an escaped backslash followed by text
  });
});
