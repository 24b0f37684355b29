/** The request path below the URL base (matched case-insensitively, as Express routes are), in its own case. */
export function pathBelowUrlBase(path: string, urlBase: string): string {
  return urlBase && path.toLowerCase().startsWith(urlBase.toLowerCase()) ? path.slice(urlBase.length) : path;
}

/** A path's first segment, lower-cased: `api`, `signalr`, `assets`, … */
export function firstSegment(path: string): string {
  return path.split('/')[1]?.toLowerCase() ?? '';
}
