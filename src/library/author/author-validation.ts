import { isAbsolute } from 'node:path';
import { failure, type ValidationFailure } from '../../platform/common/errors/domain-errors';

/** Readarr's FluentValidation messages for the fields an author add/update checks. */
export function notEmpty(property: string, label: string, value: unknown): ValidationFailure | undefined {
  if (typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null) return undefined;
  return failure(property, `'${label}' must not be empty.`, value, 'NotEmptyValidator');
}

export function greaterThanZero(
  property: string,
  label: string,
  value: number | undefined,
): ValidationFailure | undefined {
  if (value !== undefined && value !== null && value > 0) return undefined;
  const result = failure(property, `'${label}' must be greater than '0'.`, value ?? 0, 'GreaterThanValidator');
  result.formattedMessagePlaceholderValues = { ...result.formattedMessagePlaceholderValues, comparisonValue: 0 };
  return result;
}

export function validPath(property: string, value: string | undefined): ValidationFailure | undefined {
  if (value && isAbsolute(value)) return undefined;
  return failure(property, 'Invalid Path', value, 'PathValidator');
}

/** The one path normaliser (common/path), re-exported for the author services that import it from here. */
export { normalizePath } from '../../platform/common/path/normalize-path';
