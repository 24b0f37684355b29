import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

function ipv4Number(address: string): number {
  return address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

function inRange(address: string, base: string, bits: number): boolean {
  const size = 2 ** (32 - bits);
  return Math.floor(ipv4Number(address) / size) === Math.floor(ipv4Number(base) / size);
}

/**
 * Readarr's "local address": loopback, private (RFC 1918), link-local and IPv6 unique-local ranges;
 * the carrier-grade NAT range 100.64.0.0/10 only when `trustCgnatIpAddresses` is on.
 */
export function isLocalAddress(address: string | undefined, trustCgnat = false): boolean {
  if (!address) return false;
  const ip = IPV4_MAPPED.exec(address)?.[1] ?? address;
  if (isIPv4(ip)) {
    return (
      inRange(ip, '127.0.0.0', 8) ||
      inRange(ip, '10.0.0.0', 8) ||
      inRange(ip, '172.16.0.0', 12) ||
      inRange(ip, '192.168.0.0', 16) ||
      inRange(ip, '169.254.0.0', 16) ||
      (trustCgnat && inRange(ip, '100.64.0.0', 10))
    );
  }
  if (!isIPv6(ip)) return false;
  const lower = ip.toLowerCase();
  return lower === '::1' || /^f[cd][0-9a-f]{2}:/.test(lower) || /^fe[89ab][0-9a-f]:/.test(lower);
}

/**
 * The client's address for access decisions. `X-Forwarded-For` is believed only when the connection
 * itself comes from a local address (a reverse proxy on the same host or network), and then only its last
 * entry, the one that proxy appended: a client cannot claim to be local by sending the header itself.
 */
export function clientAddress(request: Request): string | undefined {
  const peer = request.socket?.remoteAddress;
  const forwarded = request.headers['x-forwarded-for'];
  if (!forwarded || !isLocalAddress(peer, true)) return peer;
  const entries = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded).split(',');
  const last = entries[entries.length - 1]?.trim();
  return last || peer;
}
