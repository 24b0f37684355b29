import { ObjectLiteral, Repository } from 'typeorm';
import { failure, ValidationFailure } from '../common/errors/domain-errors';

/** For repositories: whether a row other than `ownId` already has this name (case-insensitive) in `column`. */
export function nameTaken<T extends ObjectLiteral>(
  repository: Repository<T>,
  name: string,
  ownId: number | undefined,
  column = 'name',
): Promise<boolean> {
  return repository
    .createQueryBuilder('row')
    .where(`lower(row.${column}) = lower(:name)`, { name })
    .andWhere('row.id <> :id', { id: ownId ?? 0 })
    .getExists();
}

/**
 * Readarr's "name required and unique (case-insensitive)" rules, as validation failures. `isTaken` asks the
 * owning repository about the trimmed name; it is not asked when the name is empty.
 */
export async function nameFailures(
  name: string | undefined,
  isTaken: (trimmed: string) => Promise<boolean>,
  column = 'name',
): Promise<ValidationFailure[]> {
  if (!name?.trim()) return [failure(column, `'${capitalise(column)}' must not be empty.`, name, 'NotEmptyValidator')];
  return (await isTaken(name.trim())) ? [failure(column, 'Should be unique', name)] : [];
}

function capitalise(text: string): string {
  return text[0].toUpperCase() + text.slice(1);
}
