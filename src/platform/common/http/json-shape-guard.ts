import { ValidationError } from '../errors/domain-errors';

/**
 * Limits on the shape of every JSON request body, checked on the raw bytes before `JSON.parse` (one linear
 * pass, no recursion), so no body can make parsing, the validation pipe's `plainToInstance` (quadratic in the
 * keys of one object) or anything downstream block the event loop or overflow the stack. Readarr's largest
 * resources have a few dozen keys and a handful of levels; bulk editors send id arrays.
 */
export const JSON_LIMITS = {
  /** Nesting of objects and arrays. */
  maxDepth: 32,
  /** Keys of one object. */
  maxKeysPerObject: 500,
  /** Elements of one array (bulk edits of a 100k-book library stay possible). */
  maxArrayLength: 100_000,
  /** Values (keys, strings, numbers, literals) in the whole body. */
  maxValues: 200_000,
  /**
   * Bytes of one string's JSON text: room for the longest field Quire takes (a /notify body of 65,536 characters)
   * written entirely in `\u` escapes, six bytes a character, as JSON encoders that keep to ASCII write it.
   */
  maxStringBytes: 512 * 1024,
} as const;

type Limits = typeof JSON_LIMITS;

interface Frame {
  kind: 'object' | 'array';
  count: number;
  /** The key being read or last read in an object; the index in an array. */
  key: string;
  expectKey: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Where a failing value sits, as the validation array's propertyName (`metadata.a`, `bookIds[3]`). */
function pathOf(stack: Frame[]): string {
  let path = '';
  for (const frame of stack) {
    if (frame.kind === 'array') path += `[${Math.max(0, frame.count - 1)}]`;
    else if (frame.key) path += path ? `.${frame.key}` : frame.key;
  }
  return path;
}

function refuse(stack: Frame[], message: string): never {
  throw ValidationError.of(pathOf(stack) || 'body', message, undefined, 'JsonShapeValidator');
}

/**
 * Throws a ValidationError (400, Readarr's failure array naming the place) when the JSON text breaks a limit
 * or holds a NUL character (`\u0000`, which PostgreSQL cannot store in text). Malformed JSON is left to the parser.
 */
export function assertJsonShape(body: Buffer, limits: Limits = JSON_LIMITS): void {
  const stack: Frame[] = [];
  let values = 0;
  const countValue = () => {
    if (++values > limits.maxValues) refuse(stack, `The request body holds more than ${limits.maxValues} values`);
    const top = stack[stack.length - 1];
    if (top?.kind === 'array' && ++top.count > limits.maxArrayLength)
      refuse(stack, `An array may hold at most ${limits.maxArrayLength} elements`);
  };
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (byte === QUOTE) {
      const start = i + 1;
      let nul = false;
      for (i = start; i < body.length && body[i] !== QUOTE; i++) {
        if (body[i] !== BACKSLASH) continue;
        if (body[i + 1] === 0x75 && body.toString('latin1', i + 2, i + 6) === '0000') nul = true;
        i++;
      }
      const top = stack[stack.length - 1];
      const isKey = top?.kind === 'object' && top.expectKey;
      if (isKey) {
        top.expectKey = false;
        top.key = body.toString('utf8', start, Math.min(i, start + 100));
        if (++top.count > limits.maxKeysPerObject)
          refuse(stack, `An object may hold at most ${limits.maxKeysPerObject} keys`);
        if (++values > limits.maxValues) refuse(stack, `The request body holds more than ${limits.maxValues} values`);
      } else countValue();
      if (i - start > limits.maxStringBytes)
        refuse(stack, `A string may be at most ${limits.maxStringBytes} bytes long`);
      if (nul) refuse(stack, isKey ? 'Keys may not contain NUL characters' : 'Text may not contain NUL characters');
      continue;
    }
    switch (byte) {
      case 0x7b: // {
      case 0x5b: // [
        countValue();
        if (stack.length >= limits.maxDepth) refuse(stack, `JSON may be nested at most ${limits.maxDepth} levels deep`);
        stack.push({ kind: byte === 0x7b ? 'object' : 'array', count: 0, key: '', expectKey: byte === 0x7b });
        break;
      case 0x7d: // }
      case 0x5d: // ]
        stack.pop();
        break;
      case 0x2c: {
        // ,
        const top = stack[stack.length - 1];
        if (top?.kind === 'object') top.expectKey = true;
        break;
      }
      default:
        // The first byte of a number or literal counts it; the rest of it is skipped.
        if ((byte >= 0x30 && byte <= 0x39) || byte === 0x2d || byte === 0x74 || byte === 0x66 || byte === 0x6e) {
          countValue();
          while (i + 1 < body.length && /[\w.+-]/.test(String.fromCharCode(body[i + 1]))) i++;
        }
    }
  }
}
