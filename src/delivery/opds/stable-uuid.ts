import { createHash } from 'node:crypto';

/** Quire's namespace for name-based (version 5, RFC 9562) UUIDs of catalog things. */
const NAMESPACE = Buffer.from('6c1f3c52e2a84c4fa1b5a8c3e1b0d5f7', 'hex');

/** A UUID that is always the same for the same name (`book:<foreign id>` → the book's `urn:uuid`). */
export function stableUuid(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
