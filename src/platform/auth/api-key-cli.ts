import type { DataSource } from 'typeorm';
import { storedApiKey } from '../database/stored-api-key';
import { EnvService } from '../env/env.service';
import { generateApiKey } from './api-key.service';

/**
 * The API key Quire answers to: `API_KEY` when set (Quire stores it at start), else the stored one; on a
 * database that has none yet, one is generated and stored now, so the first start uses the key printed here.
 */
export async function apiKeyOf(env: EnvService, dataSource: DataSource): Promise<string> {
  return env.get('API_KEY') || storedApiKey(dataSource, generateApiKey);
}
