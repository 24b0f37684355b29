import { decodeHeaderValue, encodeHeaderValue, truncateChars, truncateUtf8 } from './utf8';

describe('truncateUtf8', () => {
  it('keeps text that fits', () => {
    expect(truncateUtf8('hello', 4096)).toBe('hello');
    const exact = 'é'.repeat(2048); // 4096 bytes
    expect(truncateUtf8(exact, 4096)).toBe(exact);
  });

  it.each([
    ['two-byte', 'é'],
    ['three-byte', '€'],
    ['four-byte (surrogate pair)', '😀'],
  ])('cuts %s characters on a character boundary within 4096 bytes', (_name, char) => {
    for (const prefix of ['', 'a', 'ab', 'abc']) {
      const text = prefix + char.repeat(3000);
      const cut = truncateUtf8(text, 4096);
      const bytes = Buffer.from(cut, 'utf8');
      expect(bytes.length).toBeLessThanOrEqual(4096);
      expect(bytes.length).toBeGreaterThan(4096 - 4 - 3);
      // Valid UTF-8: decoding and re-encoding is lossless, no replacement character appeared.
      expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toBe(cut);
      expect(cut).not.toContain('\uFFFD');
      expect(cut.endsWith('…')).toBe(true);
      expect(text.startsWith(cut.slice(0, -1))).toBe(true);
    }
  });
});

describe('truncateChars', () => {
  it('keeps short text and cuts long text to the limit with an ellipsis', () => {
    expect(truncateChars('short', 300)).toBe('short');
    const long = 'word '.repeat(100);
    const cut = truncateChars(long, 300);
    expect(Array.from(cut).length).toBeLessThanOrEqual(300);
    expect(cut.endsWith('word…')).toBe(true);
  });

  it('counts code points, never splitting a surrogate pair', () => {
    const cut = truncateChars('😀'.repeat(400), 300);
    expect(Array.from(cut)).toHaveLength(300);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('encodeHeaderValue (RFC 2047)', () => {
  it('leaves printable ASCII alone', () => {
    expect(encodeHeaderValue('Backup finished')).toBe('Backup finished');
  });

  it('encodes non-ASCII as UTF-8 B encoded-words that decode back intact', () => {
    const encoded = encodeHeaderValue('Café — Übersicht');
    expect(encoded).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
    expect(encoded).toMatch(/^[\x20-\x7e]+$/);
    expect(decodeHeaderValue(encoded)).toBe('Café — Übersicht');
  });

  it('splits long values into words of at most 75 characters without splitting a character', () => {
    const title = 'Überprüfung abgeschlossen — 😀 '.repeat(10).trim();
    const encoded = encodeHeaderValue(title);
    const words = encoded.split(' ');
    expect(words.length).toBeGreaterThan(1);
    for (const word of words) {
      expect(word.length).toBeLessThanOrEqual(75);
      const bytes = Buffer.from(word.slice(10, -2), 'base64');
      expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toBeTruthy();
    }
    expect(decodeHeaderValue(encoded)).toBe(title);
  });

  it('encodes ASCII that looks like an encoded-word, and flattens line breaks', () => {
    expect(decodeHeaderValue(encodeHeaderValue('=?x?='))).toBe('=?x?=');
    expect(encodeHeaderValue('two\r\nlines')).toBe('two lines');
  });
});
