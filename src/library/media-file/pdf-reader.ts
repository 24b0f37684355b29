import { open } from 'node:fs/promises';
import type { FileTags } from './media-file.types';

/** Bytes read from each end of a PDF: the Info dictionary sits near the trailer or the start. */
const WINDOW = 1024 * 1024;

async function readWindows(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size <= 2 * WINDOW) {
      const buffer = Buffer.alloc(size);
      await handle.read(buffer, 0, size, 0);
      return buffer.toString('latin1');
    }
    const head = Buffer.alloc(WINDOW);
    const tail = Buffer.alloc(WINDOW);
    await handle.read(head, 0, WINDOW, 0);
    await handle.read(tail, 0, WINDOW, size - WINDOW);
    return head.toString('latin1') + '\n' + tail.toString('latin1');
  } finally {
    await handle.close();
  }
}

function utf16be(bytes: Buffer): string {
  const swapped = Buffer.alloc(bytes.length - (bytes.length % 2));
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    swapped[i] = bytes[i + 1];
    swapped[i + 1] = bytes[i];
  }
  return swapped.toString('utf16le');
}

function decodeBytes(bytes: Buffer): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return utf16be(bytes.subarray(2));
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return bytes.subarray(3).toString('utf8');
  return bytes.toString('latin1');
}

const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };

/** Reads a literal `( … )` string starting at `start` (the opening paren); answers the value and the end. */
export function readLiteral(source: string, start: number): { value: string; end: number } {
  const bytes: number[] = [];
  let depth = 0;
  let i = start;
  for (; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[++i];
      if (ESCAPES[next] !== undefined) bytes.push(ESCAPES[next]);
      else if (/[0-7]/.test(next)) {
        let octal = next;
        while (octal.length < 3 && /[0-7]/.test(source[i + 1])) octal += source[++i];
        bytes.push(parseInt(octal, 8) & 0xff);
      } else if (next === '\r' || next === '\n') {
        if (next === '\r' && source[i + 1] === '\n') i++;
      } else bytes.push(next.charCodeAt(0) & 0xff);
      continue;
    }
    if (c === '(') {
      depth++;
      if (depth === 1) continue;
    } else if (c === ')') {
      depth--;
      if (depth === 0) break;
    }
    bytes.push(c.charCodeAt(0) & 0xff);
  }
  return { value: decodeBytes(Buffer.from(bytes)), end: i + 1 };
}

/** Parses the string values of a PDF dictionary body (`/Key (value)` or `/Key <hex>`). */
export function parseInfoDictionary(body: string): Record<string, string> {
  const result: Record<string, string> = {};
  const key = /\/([A-Za-z]+)\s*([(<])/g;
  let match: RegExpExecArray | null;
  while ((match = key.exec(body))) {
    const start = match.index + match[0].length - 1;
    if (match[2] === '(') {
      const { value, end } = readLiteral(body, start);
      result[match[1]] = value;
      key.lastIndex = end;
    } else {
      const close = body.indexOf('>', start);
      if (close < 0) break;
      const hex = body.slice(start + 1, close).replace(/\s+/g, '');
      if (!hex.startsWith('<')) result[match[1]] = decodeBytes(Buffer.from(hex.length % 2 ? hex + '0' : hex, 'hex'));
      key.lastIndex = close + 1;
    }
  }
  return result;
}

/** The body of object `n g obj << … >>` (the outermost dictionary, nested ones included). */
function objectDictionary(source: string, objectNumber: string, generation: string): string | undefined {
  const header = new RegExp(`(?:^|[^0-9])${objectNumber}\\s+${generation}\\s+obj\\s*<<`, 'g');
  let found: RegExpExecArray | null = null;
  let match: RegExpExecArray | null;
  while ((match = header.exec(source))) found = match;
  if (!found) return undefined;
  let depth = 0;
  for (let i = found.index + found[0].length - 2; i < source.length - 1; i++) {
    if (source[i] === '(') i = readLiteral(source, i).end - 1;
    else if (source.startsWith('<<', i)) {
      depth++;
      i++;
    } else if (source.startsWith('>>', i)) {
      depth--;
      i++;
      if (depth === 0) return source.slice(found.index + found[0].length, i - 1);
    }
  }
  return undefined;
}

/**
 * PDF: the trailer's `/Info n g R` → that object's dictionary (Title, Author, Subject, Keywords, Creator,
 * Producer). When the Info object is inside a compressed object stream (PDF 1.5+), nothing can be read here
 * and the caller falls back to the file name.
 */
export async function readPdf(path: string): Promise<FileTags> {
  const source = await readWindows(path);
  if (!source.startsWith('%PDF-')) throw new Error('Not a PDF: the %PDF- header is missing');
  const refs = [...source.matchAll(/\/Info\s+(\d+)\s+(\d+)\s+R/g)];
  const ref = refs[refs.length - 1];
  const body = ref ? objectDictionary(source, ref[1], ref[2]) : undefined;
  const info = body ? parseInfoDictionary(body) : {};
  const authors = (info.Author ?? '')
    .split(/\s*(?:;|&| and )\s*/)
    .map((name) => name.trim())
    .filter(Boolean);
  const year = /D:(\d{4})/.exec(info.CreationDate ?? '')?.[1];
  return {
    title: info.Title?.trim() || undefined,
    authors,
    publisher: info.Publisher?.trim() || undefined,
    year: year ? Number(year) : undefined,
  };
}
