import { DataSource, EntityManager } from 'typeorm';

type Queryable = Pick<DataSource | EntityManager, 'query'>;

/**
 * Helpers for SQL against tables that other features own and that may not exist (yet) in this
 * database: a feature asks "who uses this?" without importing the owning module.
 */
export async function columnExists(db: Queryable, table: string, column: string): Promise<boolean> {
  const rows: unknown[] = await db.query(
    `SELECT 1 FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 AND column_name = $2`,
    [table, column],
  );
  return rows.length > 0;
}

/** `SELECT count(*) FROM <table> WHERE <column> = $1`, or 0 when the table or column is missing. */
export async function countReferences(db: Queryable, table: string, column: string, id: number): Promise<number> {
  if (!(await columnExists(db, table, column))) return 0;
  const rows: { count: string }[] = await db.query(
    `SELECT count(*)::text AS count FROM "${table}" WHERE "${column}" = $1`,
    [id],
  );
  return Number(rows[0]?.count ?? 0);
}

/** A table (optionally narrowed by a constant SQL condition, e.g. `kind = 'indexer'`) and one of its columns. */
export interface TableColumn {
  table: string;
  column: string;
  where?: string;
}

/** Rows whose integer[] column contains a tag (all tags when `tagId` is absent), as `{id, tag}`; [] when missing. */
export async function tagUsage(
  db: Queryable,
  source: TableColumn,
  tagId?: number,
): Promise<{ id: number; tag: number }[]> {
  if (!(await columnExists(db, source.table, source.column))) return [];
  const conditions = [source.where, tagId === undefined ? undefined : `$1 = ANY("${source.column}")`].filter(Boolean);
  const rows: { id: number; tag: number }[] = await db.query(
    `SELECT id, tag FROM (SELECT id, unnest("${source.column}") AS tag FROM "${source.table}"
       ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}) used
      ${tagId === undefined ? '' : 'WHERE tag = $1'} ORDER BY id`,
    tagId === undefined ? [] : [tagId],
  );
  return rows.map((row) => ({ id: Number(row.id), tag: Number(row.tag) }));
}

/** How many rows reference an id through a jsonb property (`options->>'qualityProfileId'`); 0 when missing. */
export async function countJsonReferences(
  db: Queryable,
  source: TableColumn,
  key: string,
  id: number,
): Promise<number> {
  if (!(await columnExists(db, source.table, source.column))) return 0;
  const rows: { count: string }[] = await db.query(
    `SELECT count(*)::text AS count FROM "${source.table}"
      WHERE ${source.where ? `${source.where} AND ` : ''}("${source.column}"->>'${key}') = $1::text`,
    [String(id)],
  );
  return Number(rows[0]?.count ?? 0);
}

/** Import lists keep their default profiles in the provider table's `options` (provider feature). */
export const IMPORT_LISTS: TableColumn = {
  table: 'provider_definition',
  column: 'options',
  where: "kind = 'importList'",
};

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
