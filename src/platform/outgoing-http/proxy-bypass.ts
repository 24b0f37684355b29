import { isIP } from 'node:net';
import { isLocalAddress } from '../auth/client-address';
import { OutgoingHttpSettings } from './outgoing-http-settings';

/** `[::1]` (a URL's hostname) → `::1`. */
export function bareHost(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/**
 * A local host for the proxy rule, decided from the name alone: a DNS lookup here would tell the local resolver
 * about every host the proxy is meant to hide. Loopback and private addresses, `localhost`, single-label names
 * and `.local` names (as .NET's WebProxy, which Readarr uses, treats dotless names as local).
 */
export function isLocalHostName(hostname: string): boolean {
  const host = bareHost(hostname).replace(/\.$/, '');
  if (isIP(host)) return isLocalAddress(host);
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || !host.includes('.');
}

function wildcardPattern(entry: string): RegExp {
  const escaped = entry.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`, 'i');
}

/** The bypass filter: comma-separated host names, `*` standing for any characters (`*.example.org`). */
export function bypassPatterns(filter: string): RegExp[] {
  return filter
    .split(',')
    .map((entry) => bareHost(entry.trim()))
    .filter((entry) => entry.length > 0)
    .map(wildcardPattern);
}

/** Whether a request to `hostname` goes direct although the proxy is on. */
export function proxyBypassed(hostname: string, settings: OutgoingHttpSettings, patterns: RegExp[]): boolean {
  if (settings.proxyBypassLocalAddresses && isLocalHostName(hostname)) return true;
  const host = bareHost(hostname);
  return patterns.some((pattern) => pattern.test(host));
}
