import type { DataSource, QueryRunner } from 'typeorm';

const READ_SQL = `SELECT value #>> '{}' AS value FROM config WHERE key = 'apiKey'`;
const INSERT_SQL = `INSERT INTO config (key, value) VALUES ('apiKey', to_jsonb($1::text)) ON CONFLICT (key) DO NOTHING`;

/** The API key stored in the config table; `generate()` is stored first when there is none (first writer wins). */
export async function storedApiKey(dataSource: DataSource, generate: () => string): Promise<string> {
  const read = async () => (await dataSource.query<{ value: string }[]>(READ_SQL))[0]?.value;
  const stored = await read();
  if (stored) return stored;
  await dataSource.query(INSERT_SQL, [generate()]);
  return (await read()) ?? '';
}

/**
 * Stores `key` as the API key, only when it differs: an identical UPDATE would still move the row (and change the
 * next dump's order).
 */
export async function storeApiKey(runner: QueryRunner, key: string): Promise<void> {
  await runner.query(
    `INSERT INTO config (key, value) VALUES ('apiKey', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value WHERE config.value IS DISTINCT FROM EXCLUDED.value`,
    [JSON.stringify(key)],
  );
}
