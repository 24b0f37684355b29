import type { Request } from 'express';

/** Readarr's order, first hit wins: `apikey` query (any case), `X-Api-Key`, `Authorization: Bearer`. */
export function extractApiKey(request: Request): string | undefined {
  const query = request.query ?? {};
  for (const [name, value] of Object.entries(query)) {
    if (name.toLowerCase() === 'apikey') return firstString(value);
  }
  const header = request.headers['x-api-key'];
  if (header) return firstString(header);
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length);
  return undefined;
}

function firstString(value: unknown): string | undefined {
  if (Array.isArray(value)) return firstString(value[0]);
  return typeof value === 'string' ? value : undefined;
}
