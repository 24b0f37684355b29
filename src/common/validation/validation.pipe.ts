import { ValidationPipe } from '@nestjs/common';
import { ValidationError } from '../errors/domain-errors';
import { toValidationFailures } from './validation-failures';

/**
 * Unknown properties are dropped (clients send whole resources back), wrong types are rejected
 * with Readarr's failure array.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    validationError: { target: false, value: true },
    exceptionFactory: (errors) => new ValidationError(toValidationFailures(errors)),
  });
}
