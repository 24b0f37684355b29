import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { CommandWorkerService } from '../../../../src/platform/command/command-worker.service';
import { CommandChild, spawnCommandChild } from '../../../fixtures/command-child';
import { waitForCommand } from '../../../utils/commands';
import { createTestApp, TEST_API_KEY, TestApp } from '../../../utils/create-test-app';
import { sql, testDatabaseUrl, truncateAllTables } from '../../../utils/test-database';

jest.setTimeout(180_000);

function childEnv(): Record<string, string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-command-child-'));
  return {
    DATABASE_URL: testDatabaseUrl(),
    API_KEY: TEST_API_KEY,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HUB_ROUTES_FILE: join(dataDir, 'no-routes.yaml'),
    COMMAND_CONCURRENCY: '1',
    COMMAND_POLL_INTERVAL_MS: '50',
    COMMAND_WORKER_TIMEOUT_MS: '2000',
  };
}

const post = (child: CommandChild, body: object) =>
  request(child.url).post('/api/v1/command').set('X-Api-Key', TEST_API_KEY).send(body).expect(200);

async function waitUntilStarted(child: CommandChild, id: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await request(child.url).get(`/api/v1/command/${id}`).set('X-Api-Key', TEST_API_KEY).expect(200);
    if (response.body.status === 'started') return response.body;
    if (Date.now() > deadline) throw new Error(`command ${id} is ${response.body.status}`);
    await sleep(50);
  }
}

const statusOf = async (id: number) =>
  (await sql<{ status: string }>(`SELECT status FROM command WHERE id = $1`, [id]))[0]?.status;

describe('commands: crash safety', () => {
  let t: TestApp | undefined;
  let child: CommandChild | undefined;

  beforeAll(() => truncateAllTables());
  afterEach(async () => {
    await child?.kill('SIGKILL');
    child = undefined;
    await t?.close();
    t = undefined;
  });

  it('a process killed mid-command: the next start marks it orphaned and runs the queued ones', async () => {
    child = await spawnCommandChild(childEnv());
    const long = await post(child, { name: 'Test', duration: 600_000 });
    await waitUntilStarted(child, long.body.id);
    const queued = [];
    for (const duration of [11, 12, 13]) {
      const response = await post(child, { name: 'Test', duration });
      expect(response.body.status).toBe('queued'); // concurrency 1: they wait behind the long one
      queued.push(response.body.id as number);
    }
    await child.kill('SIGKILL');
    child = undefined;
    expect(await statusOf(long.body.id)).toBe('started');

    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '50' }, { fresh: false });
    const orphaned = await waitForCommand(t, long.body.id, 5_000);
    expect(orphaned).toMatchObject({ status: 'orphaned', result: 'unknown' });
    expect(orphaned.ended).toBeDefined();
    for (const id of queued) expect(await waitForCommand(t, id)).toMatchObject({ status: 'completed' });
  });

  it('never orphans the running command of a live process; orphans it once that process dies', async () => {
    child = await spawnCommandChild(childEnv());
    const long = await post(child, { name: 'Test', duration: 600_000 });
    await waitUntilStarted(child, long.body.id);

    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '50', COMMAND_WORKER_TIMEOUT_MS: '2000' }, { fresh: false });
    const worker = t.app.get(CommandWorkerService);
    expect(await worker.sweepOrphans()).not.toContain(long.body.id);
    await sleep(2_500); // longer than the worker timeout: the child's heartbeat keeps it alive
    expect(await worker.sweepOrphans()).not.toContain(long.body.id);
    expect(await statusOf(long.body.id)).toBe('started');

    await child.kill('SIGKILL');
    child = undefined;
    const deadline = Date.now() + 10_000;
    while ((await statusOf(long.body.id)) === 'started' && Date.now() < deadline) await sleep(100);
    expect(await statusOf(long.body.id)).toBe('orphaned'); // found by this instance's periodic sweep
  });

  it('orphans commands of a process on another host only when its heartbeat is stale', async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '50', COMMAND_WORKER_TIMEOUT_MS: '2000' }, { fresh: false });
    const worker = t.app.get(CommandWorkerService);
    const live = '00000000-0000-4000-8000-000000000001';
    const dead = '00000000-0000-4000-8000-000000000002';
    await sql(
      `INSERT INTO command_worker (id, hostname, pid, started_at, last_seen) VALUES
         ($1, 'other-host', 1, now(), now() + interval '1 hour'),
         ($2, 'other-host', 1, now(), now() - interval '1 hour')`,
      [live, dead],
    );
    const insert = async (workerId: string, key: string) =>
      (
        await sql<{ id: number }>(
          `INSERT INTO command (name, body, dedup_key, status, started_at, worker_id)
           VALUES ('Test', '{}', $2, 'started', now(), $1) RETURNING id`,
          [workerId, key],
        )
      )[0].id;
    const onLive = await insert(live, '{"n":1}');
    const onDead = await insert(dead, '{"n":2}');
    const swept = await worker.sweepOrphans();
    expect(swept).toContain(onDead);
    expect(swept).not.toContain(onLive);
    expect(await statusOf(onLive)).toBe('started');
    expect(await statusOf(onDead)).toBe('orphaned');
    expect(await sql(`SELECT id FROM command_worker WHERE id = $1`, [dead])).toHaveLength(0);
    await sql(`DELETE FROM command WHERE id = $1`, [onLive]);
    await sql(`DELETE FROM command_worker WHERE id = $1`, [live]);
  });

  it('shutdown waits for a running command, orphans one that outlives the grace period, keeps queued ones', async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '50', COMMAND_CONCURRENCY: '1' }, { fresh: false });
    const short = await t.api.post('/api/v1/command').send({ name: 'Test', duration: 400 }).expect(200);
    const waiting = await t.api.post('/api/v1/command').send({ name: 'Test', duration: 21 }).expect(200);
    while ((await statusOf(short.body.id)) !== 'started') await sleep(20);
    await t.close();
    t = undefined;
    expect(await statusOf(short.body.id)).toBe('completed');
    expect(await statusOf(waiting.body.id)).toBe('queued');

    t = await createTestApp(
      { COMMAND_POLL_INTERVAL_MS: '50', COMMAND_CONCURRENCY: '1', COMMAND_SHUTDOWN_GRACE_MS: '100' },
      { fresh: false },
    );
    expect(await waitForCommand(t, waiting.body.id)).toMatchObject({ status: 'completed' });
    const long = await t.api.post('/api/v1/command').send({ name: 'Test', duration: 60_000 }).expect(200);
    while ((await statusOf(long.body.id)) !== 'started') await sleep(20);
    await t.close();
    t = undefined;
    expect(await statusOf(long.body.id)).toBe('orphaned');
  });
});
