import type { DataSource } from 'typeorm';

/** Names of the migrations recorded as applied in this database. */
export async function appliedMigrationNames(dataSource: DataSource): Promise<Set<string>> {
  const rows = await dataSource.query<{ name: string }[]>(`SELECT name FROM migrations`);
  return new Set(rows.map((row) => row.name));
}
