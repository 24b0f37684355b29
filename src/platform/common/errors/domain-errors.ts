/**
 * Errors thrown by services and command handlers. They know nothing of HTTP;
 * the global filter (api-exception.filter.ts) maps each to Readarr's status code and body.
 */
export interface ValidationFailure {
  propertyName: string;
  errorMessage: string;
  attemptedValue?: unknown;
  severity: 'error' | 'warning' | 'info';
  errorCode: string;
  formattedMessagePlaceholderValues?: Record<string, unknown>;
  isWarning?: boolean;
  detailedDescription?: string;
  infoLink?: string;
}

export abstract class DomainError extends Error {
  abstract readonly status: number;
}

export class NotFoundError extends DomainError {
  readonly status = 404;
  constructor(message = 'NotFound') {
    super(message);
  }
}

export class ConflictError extends DomainError {
  readonly status = 409;
}

export class BadRequestError extends DomainError {
  readonly status = 400;
}

export class MethodNotAllowedError extends DomainError {
  readonly status = 405;
}

export class ServiceUnavailableError extends DomainError {
  readonly status = 503;
}

export class ValidationError extends DomainError {
  readonly status = 400;
  constructor(readonly failures: ValidationFailure[]) {
    super(failures.map((failure) => failure.errorMessage).join('; ') || 'Validation failed');
  }

  /** One failure on one property, the most common case. */
  static of(propertyName: string, errorMessage: string, attemptedValue?: unknown, errorCode = 'PredicateValidator') {
    return new ValidationError([failure(propertyName, errorMessage, attemptedValue, errorCode)]);
  }
}

export function failure(
  propertyName: string,
  errorMessage: string,
  attemptedValue?: unknown,
  errorCode = 'PredicateValidator',
): ValidationFailure {
  const property = pascalCasePath(propertyName);
  return {
    propertyName: property,
    errorMessage,
    attemptedValue,
    severity: 'error',
    errorCode,
    formattedMessagePlaceholderValues: { propertyName: property, propertyValue: attemptedValue },
  };
}

/** Readarr reports C# property names: `rootFolderPath` → `RootFolderPath`, `a.b` → `A.B`. */
export function pascalCasePath(path: string): string {
  return path
    .split('.')
    .map((part) => (part ? part[0].toUpperCase() + part.slice(1) : part))
    .join('.');
}
