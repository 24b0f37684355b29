import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TEST_API_KEY, TestApp } from '../../../utils/create-test-app';
import { testDatabaseUrl } from '../../../utils/test-database';
import { waitFor } from '../../../utils/wait-for';

const root = join(__dirname, '..', '..', '..', '..');

/** `npm run apikey` as a child process: its exit code, stdout and stderr. */
function runApiKeyCli(env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', join(root, 'src', 'cli.ts'), 'apikey', ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run apikey (first-run path)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('prints the key stored in the configured database, and the new one after ResetApiKey', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quire-cli-'));
    const first = await runApiKeyCli({ DATABASE_URL: testDatabaseUrl(), DATA_DIR: dataDir });
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toBe(`${TEST_API_KEY}\n`);

    await t.api.post('/api/v1/command').send({ name: 'ResetApiKey' }).expect(200);
    // The old key stops working once the command has run.
    await waitFor(async () => (await t.api.get('/api/v1/system/status')).status === 401, 'the old key to stop working');
    const second = await runApiKeyCli({ DATABASE_URL: testDatabaseUrl(), DATA_DIR: dataDir });
    const key = second.stdout.trim();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(key).not.toBe(TEST_API_KEY);
    await t.anonymous().get('/api/v1/system/status').set('X-Api-Key', key).expect(200);
  }, 300_000);

  it('refuses an embedded database another process has open', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quire-cli-'));
    mkdirSync(join(dataDir, 'db'));
    writeFileSync(join(dataDir, 'db', 'postmaster.pid'), '-42\n');
    const result = await runApiKeyCli({ DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/open in another process .*Stop Quire first/s);
  }, 300_000);
});
