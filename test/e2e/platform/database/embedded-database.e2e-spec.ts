import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { EmbeddedPostgres } from '../../../../src/platform/database/embedded-postgres';
import { QuireProcess, spawnQuire } from '../../../utils/spawn-quire';

/**
 * Smoke test of the default mode as a user runs it: no DATABASE_URL and no API_KEY, so Quire
 * starts PGlite under DATA_DIR and generates a key. Runs the real entry point in a child process.
 */
describe('embedded database (PGlite), as `npm start` runs it', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-embedded-'));
  let quire: QuireProcess | undefined;

  const readConfig = (key: string) =>
    JSON.parse(
      execFileSync(
        process.execPath,
        [join(__dirname, '..', '..', '..', 'utils', 'read-embedded-config.js'), dataDir, key],
        {
          encoding: 'utf8',
        },
      ),
    );

  afterAll(async () => {
    await quire?.stop('SIGKILL');
  });

  it('starts, keeps data and the generated API key across a restart, and never logs the key', async () => {
    quire = await spawnQuire({ DATA_DIR: dataDir });
    expect((await fetch(`${quire.url}/api/v1/system/status`)).status).toBe(401);
    expect(await quire.stop()).toBe(0);

    const apiKey = readConfig('apiKey') as string;
    expect(apiKey).toMatch(/^[0-9a-f]{32}$/);
    expect(quire.output()).not.toContain(apiKey);

    quire = await spawnQuire({ DATA_DIR: dataDir });
    const headers = { 'X-Api-Key': apiKey, 'Content-Type': 'application/json' };
    const status = await fetch(`${quire.url}/api/v1/system/status`, { headers });
    expect(status.status).toBe(200);
    expect((await status.json()).databaseVersion).toMatch(/PGlite/);
    const put = await fetch(`${quire.url}/api/v1/config/host`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ backupRetention: 42 }),
    });
    expect(put.status).toBe(200);
    expect(await quire.stop()).toBe(0);

    quire = await spawnQuire({ DATA_DIR: dataDir });
    const host = await fetch(`${quire.url}/api/v1/config/host`, { headers });
    expect(host.status).toBe(200);
    expect((await host.json()).backupRetention).toBe(42);
    expect(quire.output()).not.toContain(apiKey);
  }, 180_000);

  it('keeps each connection’s queries apart when many run at once (transactions mixed with parameterised queries)', () => {
    const output = execFileSync(
      process.execPath,
      [
        '-r',
        'ts-node/register/transpile-only',
        join(__dirname, '..', '..', '..', 'utils', 'embedded-concurrency-check.ts'),
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    expect(JSON.parse(/^RESULT (.*)$/m.exec(output)?.[1] ?? 'null')).toEqual({
      total: 600,
      wrong: 0,
      errors: [],
      errorCount: 0,
      transactions: 200,
    });
  }, 150_000);

  it('gives PGlite the shared buffers EMBEDDED_SHARED_BUFFERS_MB asks for (its own default is 128 MB)', async () => {
    const embedded = new EmbeddedPostgres(mkdtempSync(join(tmpdir(), 'quire-embedded-buffers-')), 24);
    const client = new Client({ connectionString: await embedded.start() });
    await client.connect();
    try {
      expect((await client.query('SHOW shared_buffers')).rows[0].shared_buffers).toBe('24MB');
    } finally {
      await client.end();
      await embedded.stop();
    }
  }, 120_000);
});
