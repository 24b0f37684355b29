import { DataSource } from 'typeorm';

/**
 * Paths of the configured root folders, read with raw SQL so the system features do not depend on the
 * root-folder module; empty while the `root_folder` table does not exist.
 */
export async function rootFolderPaths(dataSource: DataSource): Promise<string[]> {
  const [{ exists }] = await dataSource.query<{ exists: boolean }[]>(
    `SELECT to_regclass('public.root_folder') IS NOT NULL AS exists`,
  );
  if (!exists) return [];
  const rows = await dataSource.query<{ path: string }[]>(`SELECT path FROM root_folder ORDER BY path`);
  return rows.map((row) => row.path);
}
