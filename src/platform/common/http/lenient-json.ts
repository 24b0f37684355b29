import type { NextFunction, Request, Response } from 'express';

/**
 * Removes commas that directly precede `}` or `]` (ignoring whitespace), outside strings: System.Text.Json
 * with `AllowTrailingCommas`, which Readarr enables for request bodies.
 */
export function stripTrailingCommas(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      out += char;
      if (char === '\\') out += text[++i] ?? '';
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    if (char === ',') {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j])) j++;
      if (text[j] === '}' || text[j] === ']') continue;
    }
    out += char;
  }
  return out;
}

/**
 * Error middleware placed right after the JSON body parser: a body that failed to parse only because of
 * trailing commas is parsed again without them; anything else goes on to the error handler.
 */
export function allowTrailingCommas(error: unknown, request: Request, _response: Response, next: NextFunction): void {
  const failed = error as { type?: string; body?: unknown };
  if (failed?.type !== 'entity.parse.failed' || typeof failed.body !== 'string' || !failed.body.includes(','))
    return next(error);
  try {
    request.body = JSON.parse(stripTrailingCommas(failed.body)) as unknown;
  } catch {
    return next(error);
  }
  next();
}
