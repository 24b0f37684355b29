import { Client } from 'pg';

export function testDatabaseUrl(): string {
  const url = process.env.QUIRE_TEST_DATABASE_URL;
  if (!url) throw new Error('QUIRE_TEST_DATABASE_URL is not set: run tests through jest (global setup)');
  if (!process.env.QUIRE_TEST_DATABASE_PER_WORKER) return url;
  // global-setup.ts made one database per worker; JEST_WORKER_ID counts from 1 (and is 1 in band).
  const worker = new URL(url);
  worker.pathname += `_w${process.env.JEST_WORKER_ID ?? '1'}`;
  return worker.toString();
}

/** Empties every table but the migration history, so the next app start seeds defaults again. */
export async function truncateAllTables(url = testDatabaseUrl()): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'`,
    );
    if (rows.length > 0) {
      const tables = rows.map((row) => `"${row.tablename}"`).join(', ');
      await client.query(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`);
    }
  } finally {
    await client.end();
  }
}

/** Runs one SQL query against the test database (for assertions that look behind the API). */
export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}
