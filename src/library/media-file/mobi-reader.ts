import { open } from 'node:fs/promises';
import type { FileTags } from './media-file.types';

/** EXTH record types Quire reads (MobileRead wiki "MOBI#EXTH_Header"). */
export const EXTH = {
  author: 100,
  publisher: 101,
  isbn: 104,
  publishingDate: 106,
  asin: 113,
  language: 524,
  updatedTitle: 503,
} as const;

const MAX_RECORD0 = 256 * 1024;

/**
 * MOBI / AZW3 (KF8): PalmDB header (78 bytes, record list) → record 0 = PalmDOC header (16 bytes) + MOBI
 * header (`MOBI`, length, text encoding, full name) + EXTH block when flag 0x40 is set.
 */
export async function readMobi(path: string): Promise<FileTags> {
  const handle = await open(path, 'r');
  try {
    const header = Buffer.alloc(86);
    const { bytesRead } = await handle.read(header, 0, 86, 0);
    if (bytesRead < 86) throw new Error('Not a MOBI file: too short');
    const type = header.toString('latin1', 60, 68);
    if (type !== 'BOOKMOBI' && type !== 'TEXtREAd') throw new Error(`Not a MOBI file: PalmDB type '${type}'`);
    const records = header.readUInt16BE(76);
    if (records < 1) throw new Error('MOBI file has no records');
    const record0 = header.readUInt32BE(78);
    const { size } = await handle.stat();
    const length = Math.min(MAX_RECORD0, size - record0);
    if (length < 32) throw new Error('MOBI record 0 is truncated');
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, record0);
    return parseRecord0(buffer);
  } finally {
    await handle.close();
  }
}

export function parseRecord0(record: Buffer): FileTags {
  if (record.toString('latin1', 16, 20) !== 'MOBI') throw new Error('MOBI header is missing');
  const mobiLength = record.readUInt32BE(20);
  const encoding = record.readUInt32BE(28) === 65001 ? 'utf8' : 'latin1';
  const decode = (bytes: Buffer) => bytes.toString(encoding).replace(/\0+$/, '').trim();
  const fullNameOffset = record.length >= 92 ? record.readUInt32BE(84) : 0;
  const fullNameLength = record.length >= 92 ? record.readUInt32BE(88) : 0;
  const fullName =
    fullNameOffset && fullNameOffset + fullNameLength <= record.length
      ? decode(record.subarray(fullNameOffset, fullNameOffset + fullNameLength))
      : undefined;
  const exthFlags = record.length >= 132 ? record.readUInt32BE(128) : 0;
  const values = new Map<number, string[]>();
  const exthStart = 16 + mobiLength;
  if (exthFlags & 0x40 && record.toString('latin1', exthStart, exthStart + 4) === 'EXTH') {
    const count = record.readUInt32BE(exthStart + 8);
    let offset = exthStart + 12;
    for (let i = 0; i < count && offset + 8 <= record.length; i++) {
      const type = record.readUInt32BE(offset);
      const size = record.readUInt32BE(offset + 4);
      if (size < 8 || offset + size > record.length) break;
      const value = decode(record.subarray(offset + 8, offset + size));
      if (value) values.set(type, [...(values.get(type) ?? []), value]);
      offset += size;
    }
  }
  const first = (type: number) => values.get(type)?.[0];
  const isbn = first(EXTH.isbn)?.replace(/[-\s]/g, '');
  const year = /\d{4}/.exec(first(EXTH.publishingDate) ?? '')?.[0];
  return {
    title: first(EXTH.updatedTitle) ?? (fullName || undefined),
    authors: (values.get(EXTH.author) ?? []).flatMap((value) => value.split(/\s*&\s*/)),
    publisher: first(EXTH.publisher),
    isbn: isbn || undefined,
    asin: first(EXTH.asin),
    language: first(EXTH.language),
    year: year ? Number(year) : undefined,
  };
}
