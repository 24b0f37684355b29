import { BadRequestError } from '../../platform/common/errors/domain-errors';

/**
 * Validates a file or folder path given by a client: absolute, no NUL byte, and no `..` segment (checked on
 * the raw text, before any normalisation could hide it). Answers the path without trailing separators.
 * Throws BadRequestError (400) otherwise.
 */
export function safePath(raw: unknown, field = 'path'): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw new BadRequestError(`BadRequest: ${field} is required`);
  const path = raw.trim();
  if (path.includes('\0')) throw new BadRequestError(`BadRequest: ${field} contains a NUL byte`);
  if (path.split(/[\\/]+/).some((segment) => segment === '..'))
    throw new BadRequestError(`BadRequest: ${field} must not contain '..' segments`);
  if (!path.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(path))
    throw new BadRequestError(`BadRequest: ${field} must be an absolute path`);
  return path.length > 1 ? path.replace(/[\\/]+$/, '') || '/' : path;
}
