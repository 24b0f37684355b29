import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { EmbeddedPostgres } from '../../src/platform/database/embedded-postgres';
import { EnvSchema } from '../../src/platform/env/env.schema';

/**
 * Gives the test run throw-away databases: on the server named by DATABASE_URL (CI points it at the local
 * PostgreSQL) one fresh database per Jest worker, so specs run side by side without emptying each other's tables
 * (test-database.ts picks the worker's); or else one embedded PGlite server (and one worker, jest.config.js),
 * so `npm test` also passes on a machine with no PostgreSQL at all.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const base = `quire_test_${Date.now()}_${process.pid}`;
    const names = Array.from({ length: Math.max(1, globalConfig.maxWorkers) }, (_, index) => `${base}_w${index + 1}`);
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of names) await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${base}`;
    process.env.QUIRE_TEST_DATABASE_URL = url.toString();
    process.env.QUIRE_TEST_DATABASE_PER_WORKER = '1';
    (globalThis as any).__QUIRE_TEST_DB__ = { serverUrl, names };
    console.log(`\n[test] PostgreSQL databases ${names.join(', ')}`);
    return;
  }
  const embedded = new EmbeddedPostgres(
    mkdtempSync(join(tmpdir(), 'quire-test-db-')),
    new EnvSchema().EMBEDDED_SHARED_BUFFERS_MB,
  );
  process.env.QUIRE_TEST_DATABASE_URL = await embedded.start(30);
  (globalThis as any).__QUIRE_TEST_EMBEDDED__ = embedded;
  console.log('\n[test] no DATABASE_URL: using the embedded database (PGlite)');
}
