import { applyDecorators, Param, PipeTransform, Put } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { BadRequestError } from '../errors/domain-errors';

/** `PUT /<resource>/{id}` where the id may also be given only in the body (reference §1.3). */
export function PutWithOptionalId(prefix = '') {
  const base = prefix ? `${prefix}` : '';
  return applyDecorators(
    Put(base ? [base, `${base}/:id`] : ['', ':id']),
    ApiParam({ name: 'id', required: false, type: String }),
  );
}

class IdPipe implements PipeTransform<unknown, number | undefined> {
  constructor(private readonly optional: boolean) {}

  transform(value: unknown): number | undefined {
    if ((value === undefined || value === '') && this.optional) return undefined;
    // The global ValidationPipe (transform: true) runs first and has already turned `id: number` params into numbers.
    const id =
      typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id <= 0)
      throw new BadRequestError(`BadRequest: ${String(value)} is not a valid ID`);
    return id;
  }
}

/** A positive integer id from the route; anything else is a 400. */
export const IdParam = (name = 'id') => Param(name, new IdPipe(false));
export const OptionalIdParam = (name = 'id') => Param(name, new IdPipe(true));

/** The id of a PUT: from the route when present, else from the body. */
export function resolvePutId(routeId: number | undefined, body: { id?: number }): number {
  const id = routeId ?? body.id;
  if (!id || id <= 0) throw new BadRequestError(`BadRequest: ${String(id ?? 0)} is not a valid ID`);
  return id;
}
