import { applyDecorators, Param, PipeTransform, Put } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { BadRequestError, NotFoundError } from '../errors/domain-errors';

/** Ids are PostgreSQL `integer`s: a larger one names no row, so it is a 404 rather than a database error. */
export const MAX_ID = 2_147_483_647;

/** `PUT /<resource>/{id}` where the id may also be given only in the body, as Readarr allows. */
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
      throw new BadRequestError(`BadRequest: ${String(value).slice(0, 100)} is not a valid ID`);
    if (id > MAX_ID) throw new NotFoundError(`NotFound: no record has the ID ${id}`);
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
  if (id > MAX_ID) throw new NotFoundError(`NotFound: no record has the ID ${id}`);
  return id;
}
