import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { CommandFlags, CommandHandlerInstance } from '../../../../src/platform/command/command-handler.decorator';
import { CommandRegistry } from '../../../../src/platform/command/command-registry.service';
import { TaskSchedulerService } from '../../../../src/platform/command/task-scheduler.service';
import { waitForCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { sql } from '../../../utils/test-database';

interface Interval {
  id: number;
  name: string;
  start: number;
  end: number;
  worker: string;
}

/** A handler that records each execution as a row (so "ran exactly once" is counted in the database). */
function probe(t: TestApp, instance: string, name: string, sleepMs: number): CommandHandlerInstance<{ n?: number }> {
  return {
    execute: async (_body, context) => {
      await sleep(sleepMs);
      await t.app
        .get(DataSource)
        .query(`INSERT INTO command_probe_run (command_id, name, instance) VALUES ($1, $2, $3)`, [
          context.commandId,
          name,
          instance,
        ]);
      return `ran on ${instance}`;
    },
  };
}

const PROBES: [string, CommandFlags, number][] = [
  ['QuireProbe', {}, 40],
  ['QuireExclusiveProbe', { exclusive: true }, 60],
  ['QuireDiskProbe', { diskAccess: true }, 40],
  ['QuireTypeExclusiveProbe', { typeExclusive: true }, 40],
];

function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

async function intervals(names: string[]): Promise<Interval[]> {
  const rows = await sql<{ id: number; name: string; started_at: Date; ended_at: Date; worker_id: string }>(
    `SELECT id, name, started_at, ended_at, worker_id FROM command WHERE name = ANY($1) ORDER BY id`,
    [names],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    start: row.started_at.getTime(),
    end: row.ended_at.getTime(),
    worker: row.worker_id,
  }));
}

describe('commands: two Quire processes on one database', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const env = { COMMAND_POLL_INTERVAL_MS: '30', COMMAND_CONCURRENCY: '3' };
    a = await createTestApp(env);
    b = await createTestApp(env, { fresh: false });
    await sql(
      `CREATE TABLE IF NOT EXISTS command_probe_run (command_id int NOT NULL, name text NOT NULL, instance text NOT NULL)`,
    );
    for (const [t, instance] of [
      [a, 'a'],
      [b, 'b'],
    ] as const)
      for (const [name, flags, ms] of PROBES)
        t.app.get(CommandRegistry).register({ name, ...flags }, probe(t, instance, name, ms));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('runs each of 50 queued commands exactly once, spread over both processes', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 50; n++) {
      const t = n % 2 === 0 ? a : b;
      const response = await t.api.post('/api/v1/command').send({ name: 'QuireProbe', n }).expect(200);
      ids.push(response.body.id);
    }
    expect(new Set(ids).size).toBe(50);
    for (const id of ids) expect((await waitForCommand(a, id)).status).toBe('completed');

    const runs = await sql<{ command_id: number; count: string }>(
      `SELECT command_id, count(*) AS count FROM command_probe_run WHERE name = 'QuireProbe' GROUP BY command_id`,
    );
    expect(runs).toHaveLength(50);
    expect(runs.every((row) => Number(row.count) === 1)).toBe(true);
    expect(new Set(runs.map((row) => row.command_id))).toEqual(new Set(ids));
    const instances = await sql<{ instance: string }>(
      `SELECT DISTINCT instance FROM command_probe_run WHERE name = 'QuireProbe' ORDER BY instance`,
    );
    expect(instances.map((row) => row.instance)).toEqual(['a', 'b']);
    const workers = new Set((await intervals(['QuireProbe'])).map((run) => run.worker));
    expect(workers.size).toBe(2);
  });

  it('never overlaps an exclusive command with another, nor two disk-access or two type-exclusive commands', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 36; n++) {
      const t = n % 2 === 0 ? a : b;
      const name =
        n % 9 === 4
          ? 'QuireExclusiveProbe'
          : n % 4 === 1
            ? 'QuireDiskProbe'
            : n % 4 === 3
              ? 'QuireTypeExclusiveProbe'
              : 'QuireProbe';
      const response = await t.api
        .post('/api/v1/command')
        .send({ name, n: 100 + n })
        .expect(200);
      ids.push(response.body.id);
    }
    for (const id of ids) expect((await waitForCommand(b, id)).status).toBe('completed');
    const runs = (await intervals(PROBES.map(([name]) => name))).filter((run) => ids.includes(run.id));
    expect(runs).toHaveLength(36);

    const exclusive = runs.filter((run) => run.name === 'QuireExclusiveProbe');
    expect(exclusive.length).toBe(4);
    for (const e of exclusive)
      for (const other of runs)
        if (other.id !== e.id) expect([e.id, other.id, overlaps(e, other)]).toEqual([e.id, other.id, false]);
    for (const name of ['QuireDiskProbe', 'QuireTypeExclusiveProbe']) {
      const group = runs.filter((run) => run.name === name);
      for (const x of group)
        for (const y of group) if (x.id < y.id) expect([x.id, y.id, overlaps(x, y)]).toEqual([x.id, y.id, false]);
    }
    // The check can fail: ordinary commands did run side by side.
    const plain = runs.filter((run) => run.name !== 'QuireExclusiveProbe');
    expect(plain.some((x) => plain.some((y) => x.id < y.id && overlaps(x, y)))).toBe(true);
  });

  it('queues a due scheduled task once although both schedulers tick at the same time', async () => {
    await sql(
      `UPDATE scheduled_task SET last_execution = now() - interval '2 days', last_queued_at = NULL
        WHERE task_name IN ('Housekeeping', 'RssSync', 'CheckHealth')`,
    );
    const registry = a.app.get(CommandRegistry);
    const claimed = (await Promise.all([a, b, a, b].map((t) => t.app.get(TaskSchedulerService).tick()))).flat();
    expect(claimed.filter((name) => name === 'Housekeeping')).toEqual(['Housekeeping']);
    for (const name of ['RssSync', 'CheckHealth']) expect(claimed.includes(name)).toBe(registry.has(name)); // tasks without a handler are not queued

    const rows = await sql<{ id: number; trigger: string; body: Record<string, unknown> }>(
      `SELECT id, trigger, body FROM command WHERE name = 'Housekeeping'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].trigger).toBe('scheduled');
    expect(rows[0].body.lastExecutionTime).toBeDefined();
    const done = await waitForCommand(a, rows[0].id);
    expect(done).toMatchObject({ status: 'completed', trigger: 'scheduled' });

    // Its run moved the task's last execution: not due any more.
    const again = (await Promise.all([a, b].map((t) => t.app.get(TaskSchedulerService).tick()))).flat();
    expect(again).not.toContain('Housekeeping');
    const [task] = await sql<{ last_execution: Date }>(
      `SELECT last_execution FROM scheduled_task WHERE task_name = 'Housekeeping'`,
    );
    expect(task.last_execution.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
