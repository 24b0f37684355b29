import type { Request } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * A browser request came from a page of this server: its `Origin` (or, when a browser sent none, its
 * `Referer`) names the host the request was sent to (`X-Forwarded-Host` behind a proxy). A request with
 * neither header is not counted as same-origin: every current browser sends `Origin` on a POST/PUT/DELETE.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.origin;
  const source = origin && origin !== 'null' ? hostOf(origin) : hostOf(request.headers.referer ?? '');
  if (!source) return false;
  const forwardedHost = request.headers['x-forwarded-host'];
  const hosts = [request.headers.host, ...(typeof forwardedHost === 'string' ? forwardedHost.split(',') : [])];
  return hosts.some((host) => host?.trim().toLowerCase() === source);
}
