/**
 * The one place that removes credentials from text before it leaves the process: log lines for stdout, the
 * log table and the log files (src/common/http/logging.ts, src/common/logging/log-tap.ts), and error bodies
 * (src/common/errors/error-body.ts). Query parameters are judged by their *decoded* name, the way Express reads
 * them, so `?api%6Bey=`, `?apikey%00=`, `?apikey[]=` and `?API_KEY=` are all redacted.
 */
export const REDACTED = '[Redacted]';

/** Parameter names (lower case, letters and digits only) whose values are credentials. */
const SECRET_NAMES = new Set([
  'apikey',
  'xapikey',
  'token',
  'accesstoken',
  'refreshtoken',
  'password',
  'passwd',
  'secret',
  'authorization',
]);

// `?name=value` / `&name=value` / `;name=value`; a value stops where a URL or the JSON text around it would.
const QUERY_PARAMETER = /([?&;])([^=&\s?#;"'\\<>]{1,200})=([^&\s#;"'\\<>]*)/g;

// key=value, "key": "value" and `key: value` forms of secrets in prose, wherever they occur.
const SECRET_ASSIGNMENT =
  /((?:api[-_]?key|apikey|password|passwd|token|secret|authorization)["']?\s*[=:]\s*["']?(?:bearer\s+|basic\s+)?)[^\s"'&,;\\]+/gi;

function decodeName(raw: string): string {
  let name = raw.replace(/\+/g, ' ');
  // Percent-decoding twice catches a doubly encoded name (`api%256Bey`); one pass failing keeps what we have.
  for (let pass = 0; pass < 2; pass++) {
    try {
      name = decodeURIComponent(name);
    } catch {
      break;
    }
  }
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** True when a query parameter with this (raw or decoded) name carries a credential. */
export function isSecretParameter(name: string): boolean {
  const normalized = decodeName(name);
  if (SECRET_NAMES.has(normalized)) return true;
  // `apikey[]`, `apikey[0]`, `apikey\0` and the like decode to the secret name plus leftovers.
  for (const secret of SECRET_NAMES)
    if (normalized.startsWith(secret) && normalized.length <= secret.length + 4) return true;
  return false;
}

/**
 * Replaces the values of secret query parameters (judged by decoded name) wherever a URL occurs in the text.
 * Safe on serialized JSON: it never touches quotes or backslashes, so a JSON log line stays parseable.
 */
export function redactQueryParameters(text: string): string {
  return text.replace(QUERY_PARAMETER, (whole, lead: string, name: string, value: string) =>
    value && isSecretParameter(name) ? `${lead}${name}=${REDACTED}` : whole,
  );
}

/** Removes credentials from prose: query parameters by decoded name, then `key=value` and `key: value` forms. */
export function redactSecrets(text: string): string {
  return redactQueryParameters(text).replace(SECRET_ASSIGNMENT, `$1${REDACTED}`);
}

/** A URL with the values of its secret query parameters replaced. */
export function redactUrl(url: string | undefined): string | undefined {
  return url === undefined ? undefined : redactQueryParameters(url);
}
