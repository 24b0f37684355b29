import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn } from 'class-validator';
import { WireEnum } from '../wire/wire-enum';

/** Query booleans are case-insensitive (`True`, `false`, `1`, `0`); anything else stays and fails validation. */
export function ToBoolean() {
  return Transform(({ value }) => parseBoolean(value));
}

export function parseBoolean(value: unknown): unknown {
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return parseBoolean(value[value.length - 1]);
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
  }
  return value;
}

/** Repeated query keys (`?bookIds=1&bookIds=2`) or comma lists (`1,2`) → number[]. */
export function ToIntArray() {
  return Transform(({ value }) => parseIntArray(value));
}

export function parseIntArray(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((part) =>
    typeof part === 'string' ? part.split(',') : [part],
  );
  return parts.map((part) => (typeof part === 'string' && /^\s*-?\d+\s*$/.test(part) ? Number(part) : part));
}

/** A single integer from the query string; non-numeric text is left to fail `@IsInt`. */
export function ToInt() {
  return Transform(({ value }) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value));
}

/** A Readarr enum field: accepts the name (any case) or the integer, stores the camelCase name. */
export function WireEnumField<Name extends string>(wireEnum: WireEnum<Name>, options: { required?: boolean } = {}) {
  return applyDecorators(
    Transform(({ value }) => (value === undefined || value === null ? value : (wireEnum.parse(value) ?? value))),
    IsIn(wireEnum.names, { message: `$property must be one of: ${wireEnum.names.join(', ')}` }),
    ApiProperty({ enum: wireEnum.names, required: options.required ?? false }),
  );
}
