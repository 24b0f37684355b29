import { COMMAND_NAMES } from '../../../../src/platform/command/command-catalogue';
import { CommandRegistry } from '../../../../src/platform/command/command-registry.service';
import { HousekeepingEvent } from '../../../../src/platform/command/handlers/housekeeping.event';
import { DomainEvents } from '../../../../src/platform/common/events/domain-events';
import { ConfigStore } from '../../../../src/platform/database/config-store.service';
import { runCommand, waitForCommand } from '../../../utils/commands';
import { createTestApp, TEST_API_KEY, TestApp } from '../../../utils/create-test-app';
import { sql } from '../../../utils/test-database';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForStatus(t: TestApp, id: number, status: string, message?: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await t.api.get(`/api/v1/command/${id}`).expect(200);
    if (response.body.status === status && (message === undefined || response.body.message === message))
      return response.body;
    if (Date.now() > deadline) throw new Error(`command ${id} is ${response.body.status}, expected ${status}`);
    await sleep(20);
  }
}

describe('commands: API (one process, concurrency 1)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '50', COMMAND_CONCURRENCY: '1' });
  });
  afterAll(() => t.close());

  it('runs a Test command and answers with Readarr’s CommandResource', async () => {
    const posted = await t.api
      .post('/api/v1/command')
      .set('User-Agent', 'my-script/1.0')
      .send({ name: 'test', duration: 30 })
      .expect(200);
    expect(posted.body).toMatchObject({ name: 'Test', commandName: 'Test', trigger: 'manual', priority: 'normal' });
    expect(['queued', 'started']).toContain(posted.body.status);
    const done = await waitForCommand(t, posted.body.id);
    expect(done).toMatchObject({
      status: 'completed',
      result: 'successful',
      message: 'Completed',
      clientUserAgent: 'my-script/1.0',
      sendUpdatesToClient: true,
      updateScheduledTask: true,
    });
    expect(done.duration).toMatch(/^\d\d:\d\d:\d\d(\.\d{7})?$/);
    expect(done.queued).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(done.stateChangeTime).toBe(done.started);
    expect(done.body).toMatchObject({
      duration: 30,
      name: 'Test',
      sendUpdatesToClient: true,
      suppressMessages: false,
      trigger: 'manual',
      isExclusive: false,
      requiresDiskAccess: false,
      clientUserAgent: 'my-script/1.0',
    });
  });

  it('omits the User-Agent of a browser', async () => {
    const response = await t.api
      .post('/api/v1/command')
      .set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0')
      .send({ name: 'Test', duration: 2 })
      .expect(200);
    expect(response.body.clientUserAgent).toBeUndefined();
    expect(response.body.body.clientUserAgent).toBeUndefined();
    await waitForCommand(t, response.body.id);
  });

  it('answers an unknown name with 400 listing the valid names, and a missing name with a validation array', async () => {
    const unknown = await t.api.post('/api/v1/command').send({ name: 'RefreshAuthors' }).expect(400);
    expect(unknown.body.message).toContain("Unknown command name 'RefreshAuthors'");
    for (const name of ['RefreshAuthor', 'RssSync', 'BulkRefreshAuthor', 'ManualImport', 'Test'])
      expect(unknown.body.message).toContain(name);
    const missing = await t.api.post('/api/v1/command').send({}).expect(400);
    expect(missing.body[0]).toMatchObject({ propertyName: 'Name', severity: 'error' });
    await t.api.post('/api/v1/command').send({ name: '  ' }).expect(400);
  });

  it('shows progress while running, dedups an equal command and cancels a queued one', async () => {
    const long = await t.api.post('/api/v1/command').send({ name: 'Test', duration: 1500 }).expect(200);
    // The handler reports progress right after it starts.
    const running = await waitForStatus(t, long.body.id, 'started', 'Running for 1500 ms');
    expect(running.started).toBeDefined();

    // Equal body (field names in any case) → the same command, even while it runs.
    const again = await t.api.post('/api/v1/command').send({ NAME: 'TEST', Duration: 1500 }).expect(200);
    expect(again.body.id).toBe(long.body.id);

    const queued = await t.api.post('/api/v1/command').send({ name: 'Test', duration: 5 }).expect(200);
    expect(queued.body.id).not.toBe(long.body.id);
    expect(queued.body.status).toBe('queued');
    const dup = await t.api.post('/api/v1/command').send({ name: 'Test', duration: 5 }).expect(200);
    expect(dup.body.id).toBe(queued.body.id);

    const list = await t.api.get('/api/v1/command').expect(200);
    const ids = list.body.map((command: { id: number }) => command.id);
    expect(ids.indexOf(long.body.id)).toBeLessThan(ids.indexOf(queued.body.id)); // started first

    await t.api.delete(`/api/v1/command/${queued.body.id}`).expect(200);
    const conflict = await t.api.delete(`/api/v1/command/${long.body.id}`).expect(409);
    expect(conflict.body).toEqual({ message: 'Unable to cancel task' });
    await t.api.delete('/api/v1/command/999999').expect(404);
    await t.api.get('/api/v1/command/999999').expect(404);

    await waitForCommand(t, long.body.id);
    // The free worker would have picked the queued one by now; it stays cancelled and never started.
    await runCommand(t, 'Test', { duration: 1 });
    const cancelled = await t.api.get(`/api/v1/command/${queued.body.id}`).expect(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    expect(cancelled.body.started).toBeUndefined();
    await t.api.delete(`/api/v1/command/${queued.body.id}`).expect(409);
    await t.api.delete(`/api/v1/command/${long.body.id}`).expect(409);

    // A new equal command after the first finished is a new one.
    const fresh = await t.api.post('/api/v1/command').send({ name: 'Test', duration: 1500 }).expect(200);
    expect(fresh.body.id).not.toBe(long.body.id);
    await waitForCommand(t, fresh.body.id);
  });

  it('fails a known command whose handler does not exist, never reporting it completed', async () => {
    const registry = t.app.get(CommandRegistry);
    const missing = COMMAND_NAMES.filter((name) => !registry.has(name));
    expect(missing.length).toBeGreaterThan(0);
    const name = missing[0];
    const done = await runCommand(t, name.toLowerCase());
    expect(done).toMatchObject({
      name,
      status: 'failed',
      result: 'unsuccessful',
      message: `No handler is registered for command '${name}' in this version of Quire`,
    });
    expect(done.exception).toContain('No handler is registered');
  });

  it('reports a handler’s error as failed with the exception text', async () => {
    const registry = t.app.get(CommandRegistry);
    registry.register(
      { name: 'QuireFailingProbe' },
      {
        execute: async () => {
          throw new Error('disk on fire');
        },
      },
    );
    const done = await runCommand(t, 'QuireFailingProbe');
    expect(done).toMatchObject({ status: 'failed', result: 'unsuccessful', message: 'disk on fire' });
    expect(done.exception).toContain('Error: disk on fire');
  });

  it('lists the scheduled tasks, sorted by name, with intervals from config', async () => {
    await t.app.get(ConfigStore).set('indexer', { rssSyncInterval: 5 });
    await t.api.put('/api/v1/config/host').send({ backupInterval: 2 }).expect(200);
    const tasks = await t.api.get('/api/v1/system/task').expect(200);
    const names = tasks.body.map((task: { name: string }) => task.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const byName = Object.fromEntries(tasks.body.map((task: { taskName: string }) => [task.taskName, task]));
    expect(Object.keys(byName).sort()).toEqual(
      [
        'ApplicationUpdateCheck',
        'Backup',
        'CheckHealth',
        'Housekeeping',
        'ImportListSync',
        'MessagingCleanup',
        'RefreshAuthor',
        'RefreshMonitoredDownloads',
        'RescanFolders',
        'RssSync',
      ].sort(),
    );
    expect(byName.RssSync.interval).toBe(10);
    expect(byName.Backup.interval).toBe(2880);
    expect(byName.Housekeeping).toMatchObject({ name: 'Housekeeping', interval: 1440, lastDuration: '00:00:00' });
    expect(byName.RefreshMonitoredDownloads).toMatchObject({ name: 'Refresh Monitored Downloads', interval: 1 });
    const last = new Date(byName.Housekeeping.lastExecution).getTime();
    expect(new Date(byName.Housekeeping.nextExecution).getTime() - last).toBe(1440 * 60_000);
    const one = await t.api.get(`/api/v1/system/task/${byName.CheckHealth.id}`).expect(200);
    expect(one.body).toMatchObject({ taskName: 'CheckHealth', interval: 360 });
    await t.api.get('/api/v1/system/task/99999').expect(404);
  });

  it('Housekeeping removes old finished commands, keeps recent ones and runs the housekeeping event', async () => {
    const kept = await runCommand(t, 'Test', { duration: 1 });
    const [old] = await sql<{ id: number }>(
      `INSERT INTO command (name, body, dedup_key, status, result, queued_at, started_at, ended_at)
       VALUES ('Test', '{}', '{"old":1}', 'completed', 'successful', now() - interval '3 days',
               now() - interval '3 days', now() - interval '3 days') RETURNING id`,
    );
    let events = 0;
    // An async listener: Housekeeping awaits it (emitAsync), so the count is 1 when the command ends.
    t.app.get(DomainEvents).on(HousekeepingEvent.NAME, async () => {
      await sleep(10);
      events++;
    });
    const done = await runCommand(t, 'Housekeeping');
    expect(done).toMatchObject({ status: 'completed', message: 'Completed' });
    expect(events).toBe(1);
    await t.api.get(`/api/v1/command/${old.id}`).expect(404);
    await t.api.get(`/api/v1/command/${kept.id}`).expect(200);
    // A manual Housekeeping moves the task's last execution (updateScheduledTask).
    const tasks = await t.api.get('/api/v1/system/task').expect(200);
    const housekeeping = tasks.body.find((task: { taskName: string }) => task.taskName === 'Housekeeping');
    expect(housekeeping.lastStartTime).toBe(done.started);
    expect(housekeeping.lastDuration).toMatch(/^00:00:0\d/);
  });

  it('exposes queue depth and command durations on /metrics', async () => {
    await runCommand(t, 'Test', { duration: 1 });
    const metrics = await t.anonymous().get('/metrics').expect(200);
    expect(metrics.text).toMatch(/quire_command_queue_depth\{status="completed"\} [1-9]/);
    expect(metrics.text).toMatch(/quire_command_queue_depth\{status="queued"\} 0/);
    expect(metrics.text).toMatch(/quire_command_duration_seconds_count\{name="Test",status="completed"\} [1-9]/);
  });

  it('ResetApiKey replaces the API key', async () => {
    const posted = await t.api.post('/api/v1/command').send({ name: 'ResetApiKey' }).expect(200);
    let newKey = TEST_API_KEY;
    const deadline = Date.now() + 10_000;
    while (newKey === TEST_API_KEY && Date.now() < deadline) {
      await sleep(50);
      const [row] = await sql<{ value: string }>(`SELECT value FROM config WHERE key = 'apiKey'`);
      newKey = row.value;
    }
    expect(newKey).not.toBe(TEST_API_KEY);
    const done = await t.anonymous().get(`/api/v1/command/${posted.body.id}`).set('X-Api-Key', newKey).expect(200);
    expect(['started', 'completed']).toContain(done.body.status);
    await t.anonymous().get('/api/v1/system/status').set('X-Api-Key', TEST_API_KEY).expect(401);
  });
});
