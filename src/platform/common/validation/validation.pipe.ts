import { ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { matchKeysCaseInsensitively } from './case-insensitive-keys';
import { ValidationError } from '../errors/domain-errors';
import { toValidationFailures } from './validation-failures';

/** Request bodies match DTO property names case-insensitively before validation, as Readarr's do. */
class WireValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const input = metadata.type === 'body' ? matchKeysCaseInsensitively(value, metadata.metatype) : value;
    return super.transform(input, metadata);
  }
}

/**
 * Unknown properties are dropped (clients send whole resources back), wrong types are rejected
 * with Readarr's failure array.
 */
export function createValidationPipe(): ValidationPipe {
  return new WireValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    validationError: { target: false, value: true },
    exceptionFactory: (errors) => new ValidationError(toValidationFailures(errors)),
  });
}
