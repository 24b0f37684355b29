import { Client } from 'pg';

const READ_SQL = 'SELECT value FROM config WHERE key = $1';
const UNDEFINED_TABLE = '42P01';

/**
 * One settings section read straight from the database before the application exists (main.ts needs the saved host
 * settings before it can listen). A database not migrated yet has no config table: nothing is saved then.
 */
export async function readConfigBeforeBoot<T>(url: string, key: string): Promise<T | undefined> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const result = await client.query<{ value: T }>(READ_SQL, [key]);
    return result.rows[0]?.value;
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE) return undefined;
    throw error;
  } finally {
    await client.end();
  }
}
