import { randomUUID } from 'node:crypto';
import { CommandWorkerEntity } from '../../../../src/platform/command/command-worker.entity';
import { CommandWorkerRepository } from '../../../../src/platform/command/command-worker.repository';
import { CommandEntity } from '../../../../src/platform/command/command.entity';
import { CommandRepository } from '../../../../src/platform/command/command.repository';
import { ScheduledTaskEntity } from '../../../../src/platform/command/scheduled-task.entity';
import { ScheduledTaskRepository } from '../../../../src/platform/command/scheduled-task.repository';
import { Medium, newMediumService } from '../../medium';

interface Flags {
  priority?: number;
  exclusive?: boolean;
  typeExclusive?: boolean;
  diskAccess?: boolean;
  longRunning?: boolean;
  dedupKey?: string;
}

/**
 * The command queue's tables on PostgreSQL, below the services: queueing with cross-process de-duplication,
 * claims under Readarr's exclusivity rules (also by concurrent workers), finishing only by the claiming worker,
 * orphaning the commands of dead workers, and scheduled tasks claimed once when due.
 */
describe('command repositories (medium)', () => {
  let medium: Medium;
  let commands: CommandRepository;
  let tasks: ScheduledTaskRepository;
  let workers: CommandWorkerRepository;
  const me = randomUUID();

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [CommandEntity, CommandWorkerEntity, ScheduledTaskEntity],
      providers: [CommandRepository, ScheduledTaskRepository, CommandWorkerRepository],
      tables: ['command', 'command_worker', 'scheduled_task'],
    });
    commands = medium.get(CommandRepository);
    tasks = medium.get(ScheduledTaskRepository);
    workers = medium.get(CommandWorkerRepository);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  async function queue(name: string, flags: Flags = {}): Promise<number> {
    const id = await commands.insertUnlessPending({
      name,
      body: {},
      dedupKey: flags.dedupKey ?? randomUUID(),
      priority: flags.priority ?? 0,
      exclusive: flags.exclusive ?? false,
      typeExclusive: flags.typeExclusive ?? false,
      diskAccess: flags.diskAccess ?? false,
      longRunning: flags.longRunning ?? false,
    });
    if (id === undefined) throw new Error(`${name} was not queued`);
    return id;
  }
  const claim = async (worker = me) => (await commands.claimNext(worker))?.id;
  const statuses = async () =>
    (await medium.sql<{ id: number; status: string }>(`SELECT id, status FROM command ORDER BY id`)).map(
      (row) => `${row.id}:${row.status}`,
    );

  it('an equal command is queued once while queued or running, across concurrent callers; once it ended, again', async () => {
    const ids = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        commands.insertUnlessPending({ name: 'RefreshAuthor', body: { authorId: 1 }, dedupKey: '{"authorId":1}' }),
      ),
    );
    expect(ids.filter((id) => id !== undefined)).toHaveLength(1);
    const id = ids.find((value) => value !== undefined)!;
    expect((await commands.findPending('RefreshAuthor', '{"authorId":1}'))?.id).toBe(id);

    await claim();
    expect(await queue('RefreshAuthor', { dedupKey: '{"authorId":2}' })).toBeGreaterThan(id);
    await expect(queue('RefreshAuthor', { dedupKey: '{"authorId":1}' })).rejects.toThrow('was not queued');
    await commands.finish(id, me, { status: 'completed', message: 'done', exception: null });
    expect(await queue('RefreshAuthor', { dedupKey: '{"authorId":1}' })).toBeGreaterThan(id);
  });

  it('claims the highest priority first, then the oldest', async () => {
    const low = await queue('A');
    const high = await queue('B', { priority: 2 });
    const lowLater = await queue('C');
    const normal = await queue('D', { priority: 1 });
    expect([await claim(), await claim(), await claim(), await claim(), await claim()]).toEqual([
      high,
      normal,
      low,
      lowLater,
      undefined,
    ]);
    const [row] = await medium.sql<{ worker_id: string; started: boolean }>(
      `SELECT worker_id, started_at IS NOT NULL AS started FROM command WHERE id = $1`,
      [high],
    );
    expect(row).toEqual({ worker_id: me, started: true });
  });

  it('one disk-access command at a time, one type-exclusive command per name; others pass them', async () => {
    const scan = await queue('RescanFolders', { diskAccess: true });
    const rename = await queue('RenameFiles', { diskAccess: true });
    const refreshOne = await queue('RefreshAuthor', { typeExclusive: true });
    const refreshTwo = await queue('RefreshAuthor', { typeExclusive: true });
    const plain = await queue('CheckHealth');

    expect(await claim()).toBe(scan);
    expect(await claim()).toBe(refreshOne);
    expect(await claim()).toBe(plain);
    expect(await claim()).toBeUndefined();
    await commands.finish(scan, me, { status: 'completed', message: '', exception: null });
    expect(await claim()).toBe(rename);
    await commands.finish(refreshOne, me, { status: 'failed', message: 'x', exception: 'Error: x' });
    expect(await claim()).toBe(refreshTwo);
  });

  it('an exclusive command runs alone, and waits at the head of the queue unless all running ones are long-running', async () => {
    const running = await queue('RefreshAuthor');
    expect(await claim()).toBe(running);
    const update = await queue('ApplicationUpdate', { exclusive: true, priority: 1 });
    const behind = await queue('CheckHealth');
    // Not while a normal command runs, and nothing behind it either.
    expect(await claim()).toBeUndefined();

    await commands.finish(running, me, { status: 'completed', message: '', exception: null });
    const long = await queue('ImportReadarr', { longRunning: true, priority: 2 });
    expect(await claim()).toBe(long);
    // Only long-running ones run: the exclusive one keeps waiting, the others pass it.
    expect(await claim()).toBe(behind);
    await commands.finish(behind, me, { status: 'completed', message: '', exception: null });
    await commands.finish(long, me, { status: 'completed', message: '', exception: null });
    expect(await claim()).toBe(update);
    await queue('CheckHealth');
    expect(await claim()).toBeUndefined();
  });

  it('concurrent workers never claim one command twice, nor two disk-access commands at once', async () => {
    const plain = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => queue(`Plain${n}`)));
    const claimed = await Promise.all(plain.map(() => claim(randomUUID())));
    expect(claimed.sort((a, b) => a! - b!)).toEqual(plain.sort((a, b) => a - b));

    await medium.resetTables();
    await Promise.all([1, 2, 3, 4, 5, 6].map((n) => queue(`Disk${n}`, { diskAccess: true })));
    const disk = await Promise.all([1, 2, 3, 4, 5, 6].map(() => claim(randomUUID())));
    expect(disk.filter((id) => id !== undefined)).toHaveLength(1);
  });

  it('only the claiming worker finishes a command; progress is written only when it changes', async () => {
    const id = await queue('Backup');
    await claim();
    expect(await commands.setProgress(id, 'Zipping')).toBe(true);
    expect(await commands.setProgress(id, 'Zipping')).toBe(false);
    expect(await commands.finish(id, randomUUID(), { status: 'completed', message: '', exception: null })).toBe(false);
    expect(await commands.finish(id, me, { status: 'failed', message: 'disk full', exception: 'Error' })).toBe(true);
    expect(await commands.finish(id, me, { status: 'completed', message: '', exception: null })).toBe(false);
    expect(await commands.setProgress(id, 'late')).toBe(false);
    expect(await commands.findById(id)).toMatchObject({
      status: 'failed',
      result: 'unsuccessful',
      message: 'disk full',
    });
  });

  it('commands of dead or unknown workers are orphaned; a living worker keeps its own', async () => {
    const alive = randomUUID();
    const dead = randomUUID();
    await workers.insert(alive, 'host', 1);
    await workers.insert(dead, 'host', 2);
    const mine = await queue('A');
    const theirs = await queue('B');
    const unknown = await queue('C');
    await claim(alive);
    await claim(dead);
    await claim(randomUUID()); // a worker without a row

    expect((await commands.orphanRunningOf([dead])).sort()).toEqual([theirs, unknown].sort());
    expect(await statuses()).toEqual([`${mine}:started`, `${theirs}:orphaned`, `${unknown}:orphaned`]);
    // The orphaned command's late result does not overwrite the verdict.
    expect(await commands.finish(theirs, dead, { status: 'completed', message: '', exception: null })).toBe(false);
    expect(await commands.orphanRunningOfWorker(alive)).toEqual([mine]);
  });

  it('lists running, then queued by priority, then those that ended since; trims and cancels', async () => {
    const done = await queue('Done');
    await claim();
    await commands.finish(done, me, { status: 'completed', message: '', exception: null });
    const old = await queue('Old');
    await claim();
    await commands.finish(old, me, { status: 'failed', message: '', exception: null });
    await medium.sql(`UPDATE command SET ended_at = now() - interval '2 days' WHERE id = $1`, [old]);
    const running = await queue('Running');
    await claim();
    const low = await queue('Low');
    const high = await queue('High', { priority: 2 });
    const cancelled = await queue('Cancelled');
    expect(await commands.cancelQueued(cancelled)).toBe(true);
    expect(await commands.cancelQueued(running)).toBe(false);

    const since = new Date(Date.now() - 86_400_000);
    expect((await commands.findPendingAndEndedSince(since)).map((row) => row.id)).toEqual([
      running,
      high,
      low,
      done,
      cancelled,
    ]);
    expect(Object.fromEntries(await commands.countByStatus())).toEqual({
      started: 1,
      queued: 2,
      completed: 1,
      failed: 1,
      cancelled: 1,
    });
    expect(await commands.countPending()).toBe(3);
    expect(await commands.deleteEndedBefore(since)).toBe(1);
    expect(await commands.findById(old)).toBeNull();
  });

  it('scheduled tasks: added once, first due one interval after; a due task is claimed once by concurrent schedulers', async () => {
    await tasks.insertMissing([
      { taskName: 'RssSync', intervalMinutes: 15, priority: 1 },
      { taskName: 'Housekeeping', intervalMinutes: 1440, priority: 0 },
      { taskName: 'Disabled', intervalMinutes: 0, priority: 0 },
    ]);
    await tasks.insertMissing([{ taskName: 'RssSync', intervalMinutes: 99, priority: 9 }]);
    const all = (await tasks.findAll()).sort((a, b) => a.id - b.id);
    expect(all.map((task) => [task.taskName, task.intervalMinutes])).toEqual([
      ['RssSync', 15],
      ['Housekeeping', 1440],
      ['Disabled', 0],
    ]);
    const names = ['RssSync', 'Housekeeping', 'Disabled'];
    expect(await tasks.claimDue(names)).toEqual([]);

    // Every task last ran two hours ago: RssSync is due, Housekeeping is not, Disabled never is.
    await medium.sql(`UPDATE scheduled_task SET last_execution = now() - interval '2 hours'`);
    const claims = await Promise.all([1, 2, 3, 4].map(() => tasks.claimDue(names)));
    expect(claims.flat().map((task) => task.task_name)).toEqual(['RssSync']);
    expect(await tasks.claimDue(names)).toEqual([]);

    // Once the claimed run is recorded, the task is due again an interval after it.
    await medium.sql(
      `UPDATE scheduled_task SET last_queued_at = now() - interval '40 minutes' WHERE task_name = 'RssSync'`,
    );
    const started = new Date(Date.now() - 39 * 60_000);
    await tasks.recordRun('RssSync', started, new Date(started.getTime() + 1500));
    expect((await tasks.claimDue(names)).map((task) => task.task_name)).toEqual(['RssSync']);
    const rss = (await tasks.findAll()).find((task) => task.taskName === 'RssSync');
    expect(rss).toMatchObject({ lastDurationMs: 1500, lastStartTime: started });

    // A claim whose run never recorded (the process died) is given up after one interval.
    await medium.sql(
      `UPDATE scheduled_task SET last_queued_at = now() - interval '16 minutes' WHERE task_name = 'RssSync'`,
    );
    expect((await tasks.claimDue(names)).map((task) => task.task_name)).toEqual(['RssSync']);

    await tasks.setIntervals(['Housekeeping', 'RssSync'], [60, 15]);
    expect((await tasks.claimDue(names)).map((task) => task.task_name)).toEqual(['Housekeeping']);
  });

  it('workers: the others, each marked stale past the timeout', async () => {
    const other = randomUUID();
    const stale = randomUUID();
    await workers.insert(me, 'this-host', 1);
    await workers.insert(other, 'h'.repeat(300), 2);
    await workers.insert(stale, 'old-host', 3);
    await medium.sql(`UPDATE command_worker SET last_seen = now() - interval '10 minutes' WHERE id = $1`, [stale]);
    await workers.touch(other);

    const found = await workers.findOthers(me, 60_000);
    expect(found.sort((a, b) => a.pid - b.pid)).toEqual([
      { id: other, hostname: 'h'.repeat(255), pid: 2, stale: false },
      { id: stale, hostname: 'old-host', pid: 3, stale: true },
    ]);
    await workers.delete([stale]);
    expect((await workers.findOthers(me, 60_000)).map((row) => row.id)).toEqual([other]);
  });
});
