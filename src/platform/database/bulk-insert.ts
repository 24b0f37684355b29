import type { EntityTarget, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { managerOf, type Transaction } from './transaction';

/** `items` cut into consecutive slices of at most `size` (the last may be shorter; none when `items` is empty). */
export function inChunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * Inserts rows inside the caller's transaction; returns their ids in input order. Ids are taken from the
 * table's sequence first, then each chunk is one `INSERT … SELECT FROM unnest(arrays)`: one bind parameter per
 * column instead of one per value (a builder-made VALUES list spent more time building than PostgreSQL did
 * inserting). jsonb and array columns travel as JSON text and are converted in SQL.
 */
export async function bulkInsert<T extends ObjectLiteral>(
  tx: Transaction,
  target: EntityTarget<T>,
  rows: QueryDeepPartialEntity<T>[],
): Promise<number[]> {
  if (!rows.length) return [];
  const manager = managerOf(tx);
  const metadata = manager.connection.getMetadata(target);
  const columns = metadata.columns.filter(
    (column) =>
      !column.isPrimary && rows.some((row) => (row as Record<string, unknown>)[column.propertyName] !== undefined),
  );
  const ids: number[] = [];
  for (const part of inChunks(rows, 10_000)) {
    const allocated = (
      await manager.query<{ id: number }[]>(
        `SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id FROM generate_series(1, $2)`,
        [metadata.tableName, part.length],
      )
    ).map((row) => Number(row.id));
    const parameters: unknown[] = [allocated];
    const casts = ['$1::int[]'];
    const selects = ['u.c0'];
    columns.forEach((column, index) => {
      const values = part.map((row) => (row as Record<string, unknown>)[column.propertyName] ?? null);
      const name = `u.c${index + 1}`;
      const type = String(column.type);
      if (column.isArray || type === 'jsonb') {
        parameters.push(values.map((value) => (value === null ? null : JSON.stringify(value))));
        casts.push(`$${index + 2}::text[]`);
        const element = column.isArray ? (type === 'integer' || type === 'int' ? '::int' : '') : '';
        selects.push(
          column.isArray ? `ARRAY(SELECT jsonb_array_elements_text(${name}::jsonb)${element})` : `${name}::jsonb`,
        );
      } else {
        parameters.push(values);
        casts.push(`$${index + 2}::${sqlType(type)}[]`);
        selects.push(name);
      }
    });
    const names = ['id', ...columns.map((column) => column.databaseName)].map((name) => `"${name}"`).join(', ');
    const aliases = ['c0', ...columns.map((_, index) => `c${index + 1}`)].join(', ');
    await manager.query(
      `INSERT INTO "${metadata.tableName}" (${names}) SELECT ${selects.join(', ')} FROM unnest(${casts.join(', ')}) AS u(${aliases})`,
      parameters,
    );
    ids.push(...allocated);
  }
  return ids;
}

function sqlType(type: string): string {
  switch (type) {
    case 'varchar':
    case 'text':
      return 'text';
    case 'int':
    case 'integer':
      return 'int';
    case 'smallint':
      return 'smallint';
    case 'bigint':
      return 'bigint';
    case 'boolean':
      return 'boolean';
    case 'double precision':
      return 'float8';
    case 'timestamptz':
      return 'timestamptz';
    default:
      throw new Error(`bulkInsert: no array type for column type ${type}`);
  }
}
