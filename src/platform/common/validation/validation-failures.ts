import { ValidationError as ClassValidatorError } from 'class-validator';
import { failure, ValidationFailure } from '../errors/domain-errors';

// class-validator constraint names → the FluentValidation validator names Readarr clients see.
const ERROR_CODES: Record<string, string> = {
  isNotEmpty: 'NotEmptyValidator',
  isDefined: 'NotNullValidator',
  min: 'GreaterThanOrEqualValidator',
  max: 'LessThanOrEqualValidator',
  isPositive: 'GreaterThanValidator',
  isIn: 'PredicateValidator',
  isEnum: 'EnumValidator',
  matches: 'RegularExpressionValidator',
  minLength: 'MinimumLengthValidator',
  maxLength: 'MaximumLengthValidator',
};

export function toValidationFailures(errors: ClassValidatorError[], parent = ''): ValidationFailure[] {
  const failures: ValidationFailure[] = [];
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
      failures.push(failure(path, message, error.value, ERROR_CODES[constraint] ?? 'PredicateValidator'));
    }
    if (error.children?.length) failures.push(...toValidationFailures(error.children, path));
  }
  return failures;
}
