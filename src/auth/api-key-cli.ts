import type { DataSource } from 'typeorm';
import { EnvService } from '../env/env.service';
import { generateApiKey } from './api-key.service';

const READ_SQL = `SELECT value #>> '{}' AS value FROM config WHERE key = 'apiKey'`;
const INSERT_SQL = `INSERT INTO config (key, value) VALUES ('apiKey', to_jsonb($1::text)) ON CONFLICT (key) DO NOTHING`;

/**
 * The API key Quire answers to: `API_KEY` when set (Quire stores it at start), else the stored one; on a
 * database that has none yet, one is generated and stored now, so the first start uses the key printed here.
 */
export async function apiKeyOf(env: EnvService, dataSource: DataSource): Promise<string> {
  const fromEnv = env.get('API_KEY');
  if (fromEnv) return fromEnv;
  const read = async () => (await dataSource.query<{ value: string }[]>(READ_SQL))[0]?.value;
  const stored = await read();
  if (stored) return stored;
  await dataSource.query(INSERT_SQL, [generateApiKey()]);
  return (await read()) ?? '';
}
