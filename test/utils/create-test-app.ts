import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../../src/app-factory';
import { EnvService, parseEnv } from '../../src/platform/env/env.service';
import { testDatabaseUrl, truncateAllTables } from './test-database';

export const TEST_API_KEY = '0123456789abcdef0123456789abcdef';

export interface TestApp {
  app: NestExpressApplication;
  env: EnvService;
  dataDir: string;
  /** supertest bound to the app, with the API key header set on every call. */
  api: ApiClient;
  /** supertest without credentials. */
  anonymous: () => ReturnType<typeof request>;
  close: () => Promise<void>;
}

export interface ApiClient {
  get(path: string): request.Test;
  post(path: string): request.Test;
  put(path: string): request.Test;
  delete(path: string): request.Test;
}

/**
 * Boots the real application against the test database. By default the tables are emptied
 * first (`fresh: false` keeps them, e.g. for a second instance on the same data).
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { fresh?: boolean } = {},
): Promise<TestApp> {
  if (options.fresh !== false) await truncateAllTables();
  const dataDir = overrides.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'quire-test-data-'));
  const env = new EnvService(
    parseEnv({
      DATABASE_URL: testDatabaseUrl(),
      DATA_DIR: dataDir,
      API_KEY: TEST_API_KEY,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HUB_ROUTES_FILE: join(dataDir, 'no-routes-file.yaml'),
      // Tests never reach the internet: the metadata source defaults to a closed loopback port
      // (tests of Open Library behaviour point these at test/fakes/open-library.fake.ts).
      METADATA_SOURCE_URL: 'http://127.0.0.1:9',
      COVER_SOURCE_URL: 'http://127.0.0.1:9',
      // Nor do notification connections with a fixed service address.
      NOTIFIARR_URL: 'http://127.0.0.1:9',
      TELEGRAM_API_URL: 'http://127.0.0.1:9',
      PUSHOVER_API_URL: 'http://127.0.0.1:9',
      ...overrides,
    }),
  );
  const app = await createApp(env, { logs: false });
  const server = app.getHttpServer();
  const withKey = (test: request.Test) => test.set('X-Api-Key', env.get('API_KEY') ?? TEST_API_KEY);
  const api: ApiClient = {
    get: (path) => withKey(request(server).get(path)),
    post: (path) => withKey(request(server).post(path)),
    put: (path) => withKey(request(server).put(path)),
    delete: (path) => withKey(request(server).delete(path)),
  };
  return { app, env, dataDir, api, anonymous: () => request(server), close: () => app.close() };
}
