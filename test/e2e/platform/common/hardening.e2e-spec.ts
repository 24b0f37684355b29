import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import yazl from 'yazl';
import { createTestApp, TEST_API_KEY, TestApp } from '../../../utils/create-test-app';
import { sql, testDatabaseUrl } from '../../../utils/test-database';
import { FakeNtfy } from '../../../fakes/ntfy.fake';
import { QuireProcess, spawnQuire } from '../../../utils/spawn-quire';

/** A zip whose one entry inflates to `megabytes` MB of zeros (about 1 KB per MB compressed). */
async function zipBomb(path: string, megabytes: number): Promise<void> {
  const zip = new yazl.ZipFile();
  const zeros = Buffer.alloc(1024 * 1024);
  let sent = 0;
  zip.addReadStream(
    new Readable({
      read() {
        this.push(sent++ < megabytes ? zeros : null);
      },
    }),
    'tables/author.jsonl',
  );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  writeFileSync(path, Buffer.concat(chunks));
}

describe('hardening (in process)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a zip bomb on restore without inflating it (RSS grows < 100 MB) and changes nothing', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'quire-bomb-')), 'bomb.zip');
    await zipBomb(path, 512);
    await t.api.post('/api/v1/tag').send({ label: 'kept' }).expect(200);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const response = await t.api.post('/api/v1/system/backup/restore/upload').attach('file', path);
    clearInterval(sampler);
    expect([400, 413]).toContain(response.status);
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
    expect((await t.api.get('/api/v1/tag').expect(200)).body).toEqual([expect.objectContaining({ label: 'kept' })]);
  }, 240_000);

  it('an unknown route answers 404 without echoing the credential', async () => {
    for (const query of [
      'apikey=SECRETKEY123',
      'api%6Bey=SECRETKEY123',
      'apikey%00=SECRETKEY123',
      'apikey[]=SECRETKEY123',
    ]) {
      const response = await t.api.get(`/api/v1/no-such-route?${query}`);
      // A NUL in a parameter name is refused (400) before routing; the others reach the router's 404.
      expect(response.status).toBe(query.includes('%00') ? 400 : 404);
      expect(response.text).not.toContain('SECRETKEY123');
    }
  });

  it('ids beyond a PostgreSQL integer are 404, never 500', async () => {
    for (const path of ['/api/v1/author/9999999999', '/api/v1/tag/2147483648'])
      expect((await t.api.get(path)).status).toBe(404);
    // Beyond 2^53 a number is not even exact: a 400 (not a valid ID).
    expect((await t.api.get('/api/v1/book/9007199254740993')).status).toBe(400);
  });

  it('/notify names the field that is too large or holds NUL', async () => {
    const cases: [object, string][] = [
      [{ source_agent: 'a'.repeat(1_000_000), title: 't', body: 'b' }, 'Source_agent'],
      [{ source_agent: 'a', title: 't'.repeat(1_001), body: 'b' }, 'Title'],
      [{ source_agent: 'a', title: 't\u0000', body: 'b' }, 'Title'],
      [{ source_agent: 'a', title: 't', body: 'b', metadata: { a: { b: { c: { d: { e: 1 } } } } } }, 'Metadata'],
    ];
    for (const [body, field] of cases) {
      const response = await t.anonymous().post('/notify').send(body);
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain(field);
    }
  });

  it('/notify refuses a body over 1 MB from its declared length (413) and takes the largest valid one', async () => {
    const oversized = JSON.stringify({
      source_agent: 'a',
      title: 't',
      body: 'b',
      metadata: { x: 'y'.repeat(1_100_000) },
    });
    const refused = await t.anonymous().post('/notify').set('Content-Type', 'application/json').send(oversized);
    expect(refused.status).toBe(413);
    expect(JSON.stringify(refused.body)).toMatch(/too large/i);
    // Every capped field at its cap, written with \u escapes (six bytes a character): still under the limit.
    const largest = {
      source_agent: 'a'.repeat(128),
      title: '\u00e9'.repeat(1_000),
      body: '\u2603'.repeat(65_536),
      metadata: { note: 'm'.repeat(16_000) },
    };
    const escaped = JSON.stringify(largest).replace(
      /[\u007f-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    const accepted = await t.anonymous().post('/notify').set('Content-Type', 'application/json').send(escaped);
    expect(accepted.status).toBeLessThan(300);
  });
});

describe('hardening (a real process)', () => {
  let quire: QuireProcess | undefined;
  const ntfy = new FakeNtfy();
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-hardening-'));

  beforeAll(async () => {
    await ntfy.start();
    quire = await spawnQuire(
      {
        DATABASE_URL: testDatabaseUrl(),
        DATA_DIR: dataDir,
        API_KEY: TEST_API_KEY,
        HUB_NTFY_URL: ntfy.url,
        HUB_NTFY_TOPIC: 'quire',
        HUB_ROUTES_FILE: join(dataDir, 'none.yaml'),
        COMMAND_SHUTDOWN_GRACE_MS: '5000',
        METADATA_SOURCE_URL: 'http://127.0.0.1:9',
      },
      240_000,
    );
  }, 250_000);
  afterAll(async () => {
    await quire?.stop('SIGKILL');
    await ntfy.stop();
  });

  it('a percent-encoded API key reaches none of the three log sinks', async () => {
    const key = TEST_API_KEY;
    for (const query of [`api%6Bey=${key}`, `apikey%00=${key}`, `apikey[]=${key}`])
      await fetch(`${quire!.url}/api/v1/no-such-route?${query}`);
    await fetch(`${quire!.url}/api/v1/system/status?api%6Bey=${key}&x=1`);
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // the log sink writes in batches
    expect(quire!.output()).toContain('no-such-route');
    expect(quire!.output()).not.toContain(key);
    const files = readdirSync(join(dataDir, 'logs')).map((name) => readFileSync(join(dataDir, 'logs', name), 'utf8'));
    expect(files.join('\n')).not.toContain(key);
    const rows = await sql<{ message: string }>(`SELECT message FROM log`);
    expect(rows.filter((row) => row.message.includes(key))).toEqual([]);
  }, 30_000);

  it('SIGTERM under keep-alive load: stops at once, exits 0 within grace + 2 s, nothing lost or sent twice', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 6 });
    const acknowledged = new Set<string>();
    let stopped = false;
    let next = 0;
    const post = (title: string) =>
      new Promise<number>((resolve) => {
        const body = JSON.stringify({ source_agent: 'load', title, body: 'b', channels: ['ntfy'] });
        const call = httpRequest(
          `${quire!.url}/notify`,
          {
            method: 'POST',
            agent,
            headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        call.on('error', () => resolve(0));
        call.end(body);
      });
    const loop = async () => {
      while (!stopped) {
        const title = `n${next++}`;
        if ((await post(title)) === 200) acknowledged.add(title);
      }
    };
    const loops = Array.from({ length: 6 }, loop);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const signalled = Date.now();
    const exitCode = await quire!.stop('SIGTERM');
    const took = Date.now() - signalled;
    stopped = true;
    await Promise.all(loops);
    agent.destroy();
    expect(exitCode).toBe(0);
    expect(took).toBeLessThan(5_000 + 2_000);
    expect(acknowledged.size).toBeGreaterThan(0);
    const delivered = new Map<string, number>();
    for (const message of ntfy.published)
      delivered.set(message.title ?? '', (delivered.get(message.title ?? '') ?? 0) + 1);
    for (const title of acknowledged) expect([title, delivered.get(title)]).toEqual([title, 1]);
    expect([...delivered.values()].filter((count) => count > 1)).toEqual([]);
    // Nothing is left for a restart to send again: every delivery of an acknowledged notification is final.
    const open = await sql<{ count: string }>(
      `SELECT count(*) AS count FROM hub_delivery d JOIN hub_notification n ON n.id = d.notification_id
       WHERE n.source_agent = 'load' AND d.state = 'pending'`,
    );
    expect(Number(open[0].count)).toBe(0);
  }, 60_000);
});
