import type { Request } from 'express';

/** What a browser sends once the user answered the `Basic` challenge. */
export const BASIC_CHALLENGE = 'Basic realm="Quire"';

/** The user name and password of an `Authorization: Basic …` header; undefined for any other header or none. */
export function basicCredentials(request: Request): { username: string; password: string } | undefined {
  const header = request.headers.authorization;
  if (!header || !/^basic /i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
