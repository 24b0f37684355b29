import { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/** Where a factory writes: the app's DataSource, or a PostgreSQL URL (a pooled client is kept per URL). */
export type FactoryDb = DataSource | string;

const pools = new Map<string, Pool>();

export async function query<T = Record<string, unknown>>(
  db: FactoryDb,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (typeof db !== 'string') return db.query(text, params);
  let pool = pools.get(db);
  if (!pool) {
    pool = new Pool({ connectionString: db, max: 2 });
    pools.set(db, pool);
  }
  return (await pool.query(text, params)).rows as T[];
}

/** Closes the pools opened for URL targets (call in afterAll when factories were given a URL). */
export async function closeFactoryPools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.end()));
}

let sequence = 0;
/** A value unique within this process (for foreign ids, paths, titles). */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}${process.pid}-${Date.now().toString(36)}-${sequence}`;
}
