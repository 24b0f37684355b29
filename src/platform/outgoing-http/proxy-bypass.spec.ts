import { DIRECT_VALIDATED } from './outgoing-http-settings';
import { bypassPatterns, isLocalHostName, proxyBypassed } from './proxy-bypass';

describe('proxy bypass', () => {
  const settings = (filter: string, local: boolean) => ({
    ...DIRECT_VALIDATED,
    proxyEnabled: true,
    proxyBypassFilter: filter,
    proxyBypassLocalAddresses: local,
  });
  const bypassed = (host: string, filter: string, local = false) =>
    proxyBypassed(host, settings(filter, local), bypassPatterns(filter));

  it('matches comma-separated hosts, with * as a wildcard, case-insensitively', () => {
    expect(bypassed('eu.httpbin.org', '*.httpbin.org, google.com')).toBe(true);
    expect(bypassed('GOOGLE.com', '*.httpbin.org, google.com')).toBe(true);
    expect(bypassed('bing.com', '*.httpbin.org,google.com')).toBe(false);
    expect(bypassed('notgoogle.com', 'google.com')).toBe(false);
    expect(bypassed('google.com.evil.net', 'google.com')).toBe(false);
    expect(bypassed('10.1.2.3', '10.*')).toBe(true);
    expect(bypassed('example.org', '')).toBe(false);
  });

  it('sends local addresses direct only when asked', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      '[::1]',
      '192.168.1.20',
      '10.0.0.5',
      '172.20.1.1',
      'nas.local',
      'nas',
    ])
      expect([host, bypassed(host, '', true), bypassed(host, '', false)]).toEqual([host, true, false]);
    expect(bypassed('openlibrary.org', '', true)).toBe(false);
    expect(bypassed('8.8.8.8', '', true)).toBe(false);
  });

  it('decides locality from the name alone, without a DNS lookup', () => {
    expect(isLocalHostName('172.32.0.1')).toBe(false);
    expect(isLocalHostName('printer.local.')).toBe(true);
    expect(isLocalHostName('api.example.com')).toBe(false);
  });
});
