import { Logger } from '@nestjs/common';
import { Logger as PinoLogger } from 'nestjs-pino';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LogSinkService } from '../../../../src/platform/system/log/log-sink.service';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TEST_API_KEY, TestApp } from '../../../utils/create-test-app';
import { sql } from '../../../utils/test-database';

describe('logs', () => {
  let t: TestApp;
  let logsDir: string;

  beforeAll(async () => {
    t = await createTestApp();
    // The test harness boots with Nest's logger off; route Nest's Logger to pino as main.ts does.
    t.app.useLogger(t.app.get(PinoLogger));
    t.app.flushLogs();
    logsDir = join(t.dataDir, 'logs');
  });
  afterAll(() => t.close());

  const flush = () => t.app.get(LogSinkService).flush();

  // Quotes, braces, commas, a backslash, NULL as text and a line break: stored as written (array parameters).
  const ODD_MESSAGE = 'said "hi", {braced}, back\\slash, NULL, ü\nsecond line';

  it('stores lines at info and above in the log table and the rolling file, without secrets', async () => {
    const logger = new Logger('LogSpec');
    logger.debug('debug line is not stored');
    logger.log('first info line');
    logger.log(ODD_MESSAGE);
    logger.warn(`calling http://indexer/api?apikey=${TEST_API_KEY}&t=search`);
    logger.error('it broke', new Error('boom').stack);
    await t.anonymous().get('/api/v1/system/status').expect(401);
    await flush();

    const page = (await t.api.get('/api/v1/log?pageSize=50').expect(200)).body;
    expect(page).toMatchObject({ page: 1, pageSize: 50, sortKey: 'time', sortDirection: 'descending' });
    const messages = page.records.map((record: { message: string }) => record.message);
    expect(messages).toEqual(expect.arrayContaining(['first info line', 'it broke', ODD_MESSAGE]));
    expect(page.records.find((record: { message: string }) => record.message === 'it broke')).toMatchObject({
      level: 'error',
      exception: expect.stringContaining('Error: boom'),
    });
    expect(messages).not.toContain('debug line is not stored');
    expect(JSON.stringify(page)).not.toContain(TEST_API_KEY);
    expect(page.records.find((record: { message: string }) => record.message === 'first info line')).toMatchObject({
      level: 'info',
      logger: 'LogSpec',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    // Access lines (one per request) stay on stdout: the 401 above is not an application event.
    expect(messages.some((message: string) => /\/api\/v1\/system\/status/.test(message))).toBe(false);
    const ids = page.records.map((record: { id: number }) => record.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const text = (
      await t.api
        .get('/api/v1/log/file/quire.txt')
        .expect(200)
        .expect('Content-Type', /text\/plain/)
    ).text;
    expect(text).toMatch(/\|Info\|LogSpec\|first info line\n/);
    expect(text).not.toContain(TEST_API_KEY);
  });

  it('filters by level (that level and more severe) and sorts ascending', async () => {
    const warn = (await t.api.get('/api/v1/log?level=warn&pageSize=100').expect(200)).body;
    expect(warn.totalRecords).toBeGreaterThan(0);
    for (const record of warn.records) expect(['warn', 'error', 'fatal']).toContain(record.level);
    const error = (await t.api.get('/api/v1/log?level=Error').expect(200)).body;
    expect(error.records.map((record: { message: string }) => record.message)).toContain('it broke');
    const ascending = (await t.api.get('/api/v1/log?sortKey=time&sortDirection=ascending&pageSize=100')).body;
    const ids = ascending.records.map((record: { id: number }) => record.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    await t.api.get('/api/v1/log?sortKey=nope').expect(400);
    await t.api.get('/api/v1/log?level=loud').expect(400);
  });

  it('lists log files with urls and serves update logs', async () => {
    mkdirSync(join(logsDir, 'update'), { recursive: true });
    writeFileSync(join(logsDir, 'update', 'quire.update.txt'), 'updated\n');
    const files = (await t.api.get('/api/v1/log/file').expect(200)).body;
    expect(files).toContainEqual(
      expect.objectContaining({
        filename: 'quire.txt',
        contentsUrl: '/api/v1/log/file/quire.txt',
        downloadUrl: '/logfile/quire.txt',
        lastWriteTime: expect.stringMatching(/Z$/),
      }),
    );
    const updates = (await t.api.get('/api/v1/log/file/update').expect(200)).body;
    expect(updates).toEqual([expect.objectContaining({ filename: 'quire.update.txt' })]);
    expect((await t.api.get('/api/v1/log/file/update/quire.update.txt').expect(200)).text).toBe('updated\n');
    expect((await t.api.get('/logfile/quire.txt').expect(200)).text).toContain('first info line');
    // Open under authentication `none` (the default), as in Readarr; browser-session.e2e-spec.ts covers forms.
    await t.anonymous().get('/logfile/quire.txt').expect(200);
    await t.anonymous().get('/api/v1/log/file/quire.txt').expect(401);
  });

  it('refuses traversal: encoded slashes, absolute paths, symlinks, names outside the pattern', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'quire-secret-'));
    writeFileSync(join(outside, 'secret.txt'), 'TOP SECRET');
    symlinkSync(join(outside, 'secret.txt'), join(logsDir, 'evil.txt'));
    symlinkSync(outside, join(logsDir, 'dir.txt'));

    for (const path of [
      '/api/v1/log/file/..%2f..%2f..%2fetc%2fpasswd',
      '/api/v1/log/file/..%2Fsecret.txt',
      '/api/v1/log/file/%2Fetc%2Fpasswd',
      '/api/v1/log/file/quire.log',
      '/api/v1/log/file/update/..%2fquire.txt',
      '/logfile/..%2f..%2fdb',
    ]) {
      const response = await t.api.get(path);
      expect([400, 404]).toContain(response.status);
      expect(response.text).not.toContain('TOP SECRET');
    }
    await t.api.get('/api/v1/log/file/..%2f..%2f..%2fetc%2fpasswd').expect(400);
    await t.api.get('/api/v1/log/file/evil.txt').expect(404);
    await t.api.get('/api/v1/log/file/dir.txt').expect(404);
    await t.api.get('/api/v1/log/file/missing.txt').expect(404);
    const names = (await t.api.get('/api/v1/log/file')).body.map((file: { filename: string }) => file.filename);
    expect(names).not.toContain('evil.txt');
  });

  it('ClearLog, DeleteLogFiles and DeleteUpdateLogFiles commands', async () => {
    expect((await runCommand(t, 'ClearLog')).status).toBe('completed');
    await flush();
    const remaining = await sql<{ message: string }>(`SELECT message FROM log`);
    expect(remaining.map((row) => row.message)).not.toContain('first info line');
    expect((await runCommand(t, 'DeleteLogFiles')).status).toBe('completed');
    expect((await runCommand(t, 'DeleteUpdateLogFiles')).status).toBe('completed');
    expect((await t.api.get('/api/v1/log/file/update')).body).toEqual([]);
    const names = (await t.api.get('/api/v1/log/file')).body.map((file: { filename: string }) => file.filename);
    expect(names).not.toContain('evil.txt');
  });

  it('housekeeping trims rows older than a week', async () => {
    await sql(
      `INSERT INTO log (time, level, logger, message) VALUES (now() - interval '8 days', 'Info', 'Old', 'ancient'),
       (now(), 'Info', 'New', 'recent')`,
    );
    expect((await runCommand(t, 'Housekeeping')).status).toBe('completed');
    const messages = (await sql<{ message: string }>(`SELECT message FROM log`)).map((row) => row.message);
    expect(messages).toContain('recent');
    expect(messages).not.toContain('ancient');
  });
});
