import { isIP } from 'node:net';

/**
 * Whether an address is loopback or private (RFC 1918, link-local, IPv6 ULA). The first-run login setup is offered
 * only to such callers; the socket address is used, never X-Forwarded-For, which anyone can write.
 */
export function isLocalAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(plain) === 4) {
    const [a, b] = plain.split('.').map(Number);
    return (
      a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
    );
  }
  if (isIP(plain) === 6) {
    const lower = plain.toLowerCase();
    return lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80:');
  }
  return false;
}
