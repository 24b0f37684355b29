import { EnvService } from '../env/env.service';
import { generateApiKey } from './api-key.service';

/** The stored key, `generate()` stored first when there is none (`storedApiKey` in src/platform/database). */
export type StoredApiKey = (generate: () => string) => Promise<string>;

/**
 * The API key Quire answers to: `API_KEY` when set (Quire stores it at start), else the stored one; on a
 * database that has none yet, one is generated and stored now, so the first start uses the key printed here.
 */
export async function apiKeyOf(env: EnvService, stored: StoredApiKey): Promise<string> {
  return env.get('API_KEY') || stored(generateApiKey);
}
