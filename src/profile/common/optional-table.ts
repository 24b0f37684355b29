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

/** Rows of `<table>` whose integer[] `<column>` contains a tag, as `{id, tag}` pairs; [] when missing. */
export async function tagUsage(
  db: Queryable,
  table: string,
  column = 'tags',
  tagId?: number,
): Promise<{ id: number; tag: number }[]> {
  if (!(await columnExists(db, table, column))) return [];
  const filter = tagId === undefined ? '' : 'WHERE tag = $1';
  const rows: { id: number; tag: number }[] = await db.query(
    `SELECT id, tag FROM (SELECT id, unnest("${column}") AS tag FROM "${table}") used ${filter} ORDER BY id`,
    tagId === undefined ? [] : [tagId],
  );
  return rows.map((row) => ({ id: Number(row.id), tag: Number(row.tag) }));
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
