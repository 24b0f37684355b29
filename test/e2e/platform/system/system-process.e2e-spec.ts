import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackupManifest } from '../../../../src/platform/database/database-dump';
import { RESTART_EXIT_CODE } from '../../../../src/platform/system/lifecycle/lifecycle.service';
import { readZip } from '../../../../src/platform/system/backup/zip-archive';
import { QuireProcess, spawnQuire } from '../../../utils/spawn-quire';

/**
 * The real entry point in a child process: the embedded database (PGlite cannot be loaded inside jest's VM),
 * and shutdown/restart, which end the process.
 */
const API_KEY = 'abcdefabcdefabcdefabcdef01234567';
const headers = { 'X-Api-Key': API_KEY, 'Content-Type': 'application/json' };

async function call(quire: QuireProcess, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${quire.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function backupNow(quire: QuireProcess): Promise<void> {
  const command = await call(quire, 'POST', '/api/v1/command', { name: 'Backup', type: 'manual' });
  for (let attempt = 0; attempt < 600; attempt++) {
    const state = await call(quire, 'GET', `/api/v1/command/${command.id}`);
    if (state.status === 'completed') return;
    if (['failed', 'aborted', 'cancelled', 'orphaned'].includes(state.status))
      throw new Error(`Backup ${state.status}: ${state.exception ?? state.message}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Backup did not finish');
}

async function manifestOf(quire: QuireProcess, backupPath: string, dir: string): Promise<BackupManifest> {
  const response = await fetch(`${quire.url}${backupPath}`, { headers });
  expect(response.status).toBe(200);
  const file = join(dir, `${Date.now()}.zip`);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return JSON.parse((await readZip(file, 1e9)).get('manifest.json')!.toString()) as BackupManifest;
}

/** Table name → rows:sha256, leaving out the scheduler's own bookkeeping (it changes as tasks run). */
function fingerprint(manifest: BackupManifest): Record<string, string> {
  return Object.fromEntries(
    manifest.tables.filter((table) => table.name !== 'scheduled_task').map((t) => [t.name, `${t.rows}:${t.sha256}`]),
  );
}

describe('system in a real process', () => {
  let quire: QuireProcess | undefined;
  const env = (dataDir: string) => ({
    DATA_DIR: dataDir,
    API_KEY,
    // Health checks must not reach the internet.
    METADATA_SOURCE_URL: 'http://127.0.0.1:9',
  });

  afterEach(async () => {
    await quire?.stop('SIGKILL');
    quire = undefined;
  });

  it('backup round trip on the embedded database (PGlite): every table equals the seeded state', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quire-embedded-backup-'));
    const work = mkdtempSync(join(tmpdir(), 'quire-embedded-zips-'));
    quire = await spawnQuire(env(dataDir), 120_000);
    expect((await call(quire, 'GET', '/api/v1/system/status')).databaseVersion).toMatch(/PGlite/);

    for (const label of ['alpha', 'beta', 'gamma']) await call(quire, 'POST', '/api/v1/tag', { label });
    await call(quire, 'POST', '/api/v1/customfilter', {
      type: 'bookIndex',
      label: 'Mine',
      filters: [{ key: 'a', value: 1 }],
    });
    await call(quire, 'PUT', '/api/v1/config/ui', { theme: 'dark' });
    await call(quire, 'PUT', '/api/v1/config/naming', { renameBooks: true });

    await backupNow(quire);
    const [backup] = await call(quire, 'GET', '/api/v1/system/backup');
    const seeded = await manifestOf(quire, backup.path, work);
    expect(seeded.embedded).toBe(true);
    expect(seeded.tables.find((table) => table.name === 'tag')?.rows).toBe(3);

    const tags = await call(quire, 'GET', '/api/v1/tag');
    await call(quire, 'DELETE', `/api/v1/tag/${tags[0].id}`);
    await call(quire, 'POST', '/api/v1/tag', { label: 'delta' });
    const filters = await call(quire, 'GET', '/api/v1/customfilter');
    await call(quire, 'DELETE', `/api/v1/customfilter/${filters[0].id}`);
    await call(quire, 'PUT', '/api/v1/config/ui', { theme: 'light' });

    expect(await call(quire, 'POST', `/api/v1/system/backup/restore/${backup.id}`)).toEqual({ restartRequired: true });
    expect((await call(quire, 'GET', '/api/v1/tag')).map((tag: { label: string }) => tag.label).sort()).toEqual([
      'alpha',
      'beta',
      'gamma',
    ]);
    expect((await call(quire, 'GET', '/api/v1/config/ui')).theme).toBe('dark');

    await backupNow(quire);
    const list = await call(quire, 'GET', '/api/v1/system/backup');
    const second = list.find((candidate: { id: number }) => candidate.id !== backup.id) ?? list[0];
    const restored = await manifestOf(quire, second.path, work);
    expect(fingerprint(restored)).toEqual(fingerprint(seeded));
  }, 240_000);

  it('POST /system/restart answers, closes the app and exits with the restart code', async () => {
    quire = await spawnQuire(env(mkdtempSync(join(tmpdir(), 'quire-restart-'))), 120_000);
    expect(await call(quire, 'POST', '/api/v1/system/restart')).toEqual({ restarting: true });
    expect(await quire.stop('SIGCONT')).toBe(RESTART_EXIT_CODE);
    expect(quire.output()).toMatch(/Restart requested/);
  }, 180_000);

  it('POST /system/shutdown answers, closes the app and exits 0', async () => {
    quire = await spawnQuire(env(mkdtempSync(join(tmpdir(), 'quire-shutdown-'))), 120_000);
    // Started with PORT=0: the host settings show the port the system gave, and a client can save them back.
    const host = await call(quire, 'GET', '/api/v1/config/host');
    expect(host.port).toBe(Number(new URL(quire.url).port));
    await call(quire, 'PUT', '/api/v1/config/host', host);
    expect(await call(quire, 'POST', '/api/v1/system/shutdown')).toEqual({ shuttingDown: true });
    expect(await quire.stop('SIGCONT')).toBe(0);
  }, 180_000);
});
