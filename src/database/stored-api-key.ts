import type { DataSource } from 'typeorm';

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
