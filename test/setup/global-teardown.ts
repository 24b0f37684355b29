import { Client } from 'pg';
import type { EmbeddedPostgres } from '../../src/platform/database/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  const embedded = (globalThis as any).__QUIRE_TEST_EMBEDDED__ as EmbeddedPostgres | undefined;
  if (embedded) await embedded.stop();
  const db = (globalThis as any).__QUIRE_TEST_DB__ as { serverUrl: string; names: string[] } | undefined;
  if (db && !process.env.KEEP_TEST_DATABASE) {
    const admin = new Client({ connectionString: db.serverUrl });
    await admin.connect();
    for (const name of db.names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
