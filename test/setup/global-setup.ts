import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { EmbeddedPostgres } from '../../src/database/embedded-postgres';
import { EnvSchema } from '../../src/env/env.schema';

/**
 * Gives the test run one throw-away database: a fresh database on the server named by
 * DATABASE_URL (CI points it at the local PostgreSQL), or else an embedded PGlite server,
 * so `npm test` also passes on a machine with no PostgreSQL at all.
 */
export default async function globalSetup(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `quire_test_${Date.now()}_${process.pid}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    process.env.QUIRE_TEST_DATABASE_URL = url.toString();
    (globalThis as any).__QUIRE_TEST_DB__ = { serverUrl, name };
    console.log(`\n[test] PostgreSQL database ${name}`);
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
