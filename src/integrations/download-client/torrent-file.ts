import { createHash } from 'node:crypto';
import { HttpRequestError, httpRequest, redactUrl } from '../core/provider-http';

/** Reads a bencoded value starting at `pos`, returning where it ends (enough to find the `info` dict's bytes). */
function skipValue(data: Buffer, pos: number): number {
  const byte = data[pos];
  if (byte === 0x69 /* i */) return data.indexOf(0x65, pos) + 1;
  if (byte === 0x6c /* l */ || byte === 0x64 /* d */) {
    let cursor = pos + 1;
    while (data[cursor] !== 0x65 /* e */) {
      if (cursor >= data.length) throw new Error('Truncated torrent file');
      cursor = skipValue(data, cursor);
    }
    return cursor + 1;
  }
  const colon = data.indexOf(0x3a, pos);
  if (colon < 0) throw new Error('Invalid torrent file');
  const length = Number(data.subarray(pos, colon).toString('ascii'));
  if (!Number.isInteger(length)) throw new Error('Invalid torrent file');
  return colon + 1 + length;
}

/** The upper-case SHA-1 info hash of a .torrent file. */
export function torrentInfoHash(data: Buffer): string {
  if (data[0] !== 0x64) throw new Error('Invalid torrent file');
  let cursor = 1;
  while (cursor < data.length && data[cursor] !== 0x65) {
    const keyEnd = skipValue(data, cursor);
    const key = data.subarray(data.indexOf(0x3a, cursor) + 1, keyEnd).toString('latin1');
    const valueEnd = skipValue(data, keyEnd);
    if (key === 'info') return createHash('sha1').update(data.subarray(keyEnd, valueEnd)).digest('hex').toUpperCase();
    cursor = valueEnd;
  }
  throw new Error('Torrent file has no info dictionary');
}

export function magnetInfoHash(magnet: string): string | undefined {
  const match = magnet.match(/xt=urn:btih:([0-9a-z]+)/i)?.[1];
  if (!match) return undefined;
  if (match.length === 40) return match.toUpperCase();
  // Base32 hashes (32 chars) → hex.
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of match.toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  return (bits.match(/.{4}/g) ?? [])
    .map((nibble) => parseInt(nibble, 2).toString(16))
    .join('')
    .toUpperCase();
}

/** A torrent to add: its file, or a magnet link when the release only has one (or the URL redirects to one). */
export type TorrentSource =
  { kind: 'file'; data: Buffer; hash: string } | { kind: 'magnet'; magnet: string; hash: string };

export async function fetchTorrent(release: { downloadUrl: string; magnetUrl?: string }): Promise<TorrentSource> {
  const url = release.downloadUrl || release.magnetUrl || '';
  if (url.startsWith('magnet:')) return magnetSource(url);
  const response = await httpRequest(url);
  if (response.status >= 400) {
    if (release.magnetUrl) return magnetSource(release.magnetUrl);
    throw new HttpRequestError(`Downloading the torrent failed: HTTP ${response.status} (${redactUrl(url)})`);
  }
  return { kind: 'file', data: response.bytes, hash: torrentInfoHash(response.bytes) };
}

function magnetSource(magnet: string): TorrentSource {
  const hash = magnetInfoHash(magnet);
  if (!hash) throw new Error('Magnet link has no info hash');
  return { kind: 'magnet', magnet, hash };
}

/** Fetches an NZB file. */
export async function fetchNzb(url: string): Promise<Buffer> {
  const response = await httpRequest(url);
  if (response.status >= 400)
    throw new HttpRequestError(`Downloading the NZB failed: HTTP ${response.status} (${redactUrl(url)})`);
  return response.bytes;
}

/** A file name safe on every file system. */
export function cleanFileName(title: string): string {
  const printable = [...title].filter((char) => char.charCodeAt(0) >= 0x20).join('');
  return printable.replace(/[\\/:*?"<>|]/g, '').trim() || 'download';
}
