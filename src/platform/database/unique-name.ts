import { ObjectLiteral, Repository } from 'typeorm';
import { failure, ValidationFailure } from '../common/errors/domain-errors';

/** Readarr's "name required and unique (case-insensitive)" rules, as validation failures. */
export async function nameFailures<T extends ObjectLiteral>(
  repository: Repository<T>,
  name: string | undefined,
  ownId: number | undefined,
  column = 'name',
): Promise<ValidationFailure[]> {
  if (!name?.trim()) return [failure(column, `'${capitalise(column)}' must not be empty.`, name, 'NotEmptyValidator')];
  const clash = await repository
    .createQueryBuilder('row')
    .where(`lower(row.${column}) = lower(:name)`, { name: name.trim() })
    .andWhere('row.id <> :id', { id: ownId ?? 0 })
    .getExists();
  return clash ? [failure(column, 'Should be unique', name)] : [];
}

function capitalise(text: string): string {
  return text[0].toUpperCase() + text.slice(1);
}
