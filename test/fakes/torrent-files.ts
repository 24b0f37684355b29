import { createHash } from 'node:crypto';

type Bencodable = number | string | Buffer | Bencodable[] | { [key: string]: Bencodable };

export function bencode(value: Bencodable): Buffer {
  if (typeof value === 'number') return Buffer.from(`i${value}e`);
  if (typeof value === 'string') return bencode(Buffer.from(value));
  if (Buffer.isBuffer(value)) return Buffer.concat([Buffer.from(`${value.length}:`), value]);
  if (Array.isArray(value)) return Buffer.concat([Buffer.from('l'), ...value.map(bencode), Buffer.from('e')]);
  const keys = Object.keys(value).sort();
  return Buffer.concat([
    Buffer.from('d'),
    ...keys.flatMap((key) => [bencode(key), bencode(value[key])]),
    Buffer.from('e'),
  ]);
}

/** A small but valid single-file .torrent and its upper-case info hash. */
export function makeTorrent(name: string): { data: Buffer; hash: string } {
  const info = { length: 1024, name, 'piece length': 16384, pieces: Buffer.alloc(20, 7) };
  const data = bencode({ announce: 'http://127.0.0.1:1/announce', 'creation date': 1700000000, info });
  return { data, hash: createHash('sha1').update(bencode(info)).digest('hex').toUpperCase() };
}
