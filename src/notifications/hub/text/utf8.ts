const ELLIPSIS = '…';

/**
 * Cuts `text` so its UTF-8 encoding is at most `maxBytes` bytes, never inside a multi-byte sequence
 * (ntfy turns a body over 4,096 bytes or with invalid UTF-8 into an attachment). A cut text ends with "…".
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return bytes.toString('utf8');
  const marker = Buffer.byteLength(ELLIPSIS, 'utf8');
  const budget = Math.max(0, maxBytes - marker);
  let cut = budget;
  // A continuation byte (10xxxxxx) at the cut means the cut is inside a character: step back to its start.
  while (cut > 0 && (bytes[cut] & 0xc0) === 0x80) cut--;
  const head = bytes.subarray(0, cut).toString('utf8');
  return maxBytes >= marker ? head + ELLIPSIS : head;
}

/** Cuts `text` to at most `maxChars` characters (code points, so a surrogate pair is never split). */
export function truncateChars(text: string, maxChars: number): string {
  const chars = Array.from(text);
  if (chars.length <= maxChars) return text;
  let head = chars.slice(0, Math.max(0, maxChars - 1)).join('');
  // Prefer ending on a word boundary when one is near.
  const space = head.lastIndexOf(' ');
  if (space > 0 && head.length - space <= 30) head = head.slice(0, space);
  return head.replace(/[\s,;:.\-–—]+$/u, '') + ELLIPSIS;
}

const MAX_ENCODED_WORD = 75;
const PREFIX = '=?UTF-8?B?';
const SUFFIX = '?=';

/**
 * An HTTP header value safe to send: printable ASCII as is, anything else as RFC 2047 encoded-words
 * (`=?UTF-8?B?…?=`, at most 75 characters each, split on character boundaries), which ntfy decodes.
 * Line breaks become spaces (a header value cannot carry them).
 */
export function encodeHeaderValue(value: string): string {
  const flat = value.replace(/[\r\n\t]+/g, ' ').trim();
  if (/^[\x20-\x7e]*$/.test(flat) && !flat.includes('=?')) return flat;
  // base64 of n bytes is 4*ceil(n/3) characters; 75 - 12 = 63 characters → at most 45 bytes per word.
  const maxBytes = Math.floor((MAX_ENCODED_WORD - PREFIX.length - SUFFIX.length) / 4) * 3;
  const words: string[] = [];
  let chunk = '';
  for (const char of flat) {
    if (Buffer.byteLength(chunk + char, 'utf8') > maxBytes) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => PREFIX + Buffer.from(word, 'utf8').toString('base64') + SUFFIX).join(' ');
}

/** Decodes RFC 2047 B/Q encoded-words (the test fakes use this, as ntfy's server does). */
export function decodeHeaderValue(value: string): string {
  const joined = value.replace(/\?=\s+=\?/g, '?==?');
  return joined.replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
