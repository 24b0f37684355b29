import type { NextFunction, Request, Response } from 'express';
import { ValidationError } from '../errors/domain-errors';

const NUL = '\u0000';

/** The first place a NUL character hides in a decoded value (strings, arrays and objects of them). */
function nulPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path : undefined;
  if (depth > 8 || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return innerPath;
    const found = nulPath(inner, innerPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold NUL, and file names cannot either: a NUL in the path, the query or a form body is a
 * 400 naming the parameter, for every route. (JSON bodies are checked on their raw text by json-shape-guard.ts.)
 */
export function rejectNulCharacters(request: Request, _response: Response, next: NextFunction): void {
  let path: string;
  try {
    path = decodeURIComponent(request.path);
  } catch {
    path = request.path;
  }
  if (path.includes(NUL)) return next(ValidationError.of('path', 'The path may not contain NUL characters'));
  const inQuery = nulPath(request.query, '');
  if (inQuery !== undefined) return next(ValidationError.of(inQuery, 'Text may not contain NUL characters'));
  if (request.is('application/x-www-form-urlencoded')) {
    const inForm = nulPath(request.body, '');
    if (inForm !== undefined) return next(ValidationError.of(inForm, 'Text may not contain NUL characters'));
  }
  next();
}
