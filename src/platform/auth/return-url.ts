/**
 * Where to send the browser after a login: `returnUrl` when it is a path on this server, under the URL base
 * (Readarr prefixes the base when it is missing); anything else — another host, `//host`, a scheme, a
 * backslash trick — falls back to the start page, so /login cannot be used as an open redirect.
 */
export function safeReturnUrl(returnUrl: string | undefined, urlBase: string): string {
  const home = `${urlBase}/`;
  if (!returnUrl || !returnUrl.startsWith('/') || returnUrl.startsWith('//')) return home;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(returnUrl)) return home;
  let parsed: URL;
  try {
    parsed = new URL(returnUrl, 'http://quire.invalid');
  } catch {
    return home;
  }
  if (parsed.origin !== 'http://quire.invalid') return home;
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  if (!urlBase || path === urlBase || path.startsWith(`${urlBase}/`) || path.startsWith(`${urlBase}?`)) return path;
  return `${urlBase}${path}`;
}
