import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HealthIssuesChangedEvent } from '../../../../src/platform/system/health/health.events';
import { emitLibraryEvent } from '../../../utils/library-events';
import { FakeHomeAssistant } from '../../../fakes/home-assistant.fake';
import { FakeNtfy } from '../../../fakes/ntfy.fake';
import { SilentTcpServer } from '../../../fakes/smtp.fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { sql } from '../../../utils/test-database';
import { waitFor } from '../../../utils/wait-for';

interface Attempt {
  number: number;
  outcome: string;
  transient: boolean;
  statusCode?: number;
  error?: string;
}
interface Delivery {
  channel: string;
  state: string;
  attemptCount: number;
  attempts: Attempt[];
}

describe('notification hub: durable deliveries, retries, timeouts, idempotency, circuit breaker', () => {
  let t: TestApp;
  let ntfy: FakeNtfy;
  let ha: FakeHomeAssistant;
  let silentSmtp: SilentTcpServer;

  beforeAll(async () => {
    ntfy = await new FakeNtfy().start();
    ha = await new FakeHomeAssistant().start();
    silentSmtp = await new SilentTcpServer().start();
    const dir = mkdtempSync(join(tmpdir(), 'quire-hub-delivery-'));
    const routes = join(dir, 'routes.yaml');
    writeFileSync(routes, 'routes:\n  quire: [ntfy]\n  default: [ntfy]\n');
    t = await createTestApp({
      HUB_SMTP_HOST: '127.0.0.1',
      HUB_SMTP_PORT: String(silentSmtp.port),
      HUB_SMTP_TO: 'reader@example.test',
      HUB_NTFY_URL: ntfy.url,
      HUB_HA_WEBHOOK_URL: ha.webhookUrl(),
      HUB_ROUTES_FILE: routes,
      HUB_EMAIL_TIMEOUT_MS: '400',
      HUB_NTFY_TIMEOUT_MS: '300',
      HUB_HA_TTS_TIMEOUT_MS: '300',
      HUB_RETRY_MAX_ATTEMPTS: '3',
      HUB_RETRY_BASE_DELAY_MS: '30',
      HUB_RETRY_MAX_DELAY_MS: '200',
      HUB_RETRY_POLL_INTERVAL_MS: '50',
      HUB_BREAKER_FAILURE_THRESHOLD: '4',
      HUB_BREAKER_BASE_PAUSE_MS: '600000',
    });
  });

  afterAll(async () => {
    await t?.close();
    await Promise.all([ntfy?.stop(), ha?.stop(), silentSmtp?.stop()]);
  });

  beforeEach(() => {
    ntfy.script({ kind: 'ok' });
    ha.script({ kind: 'ok' });
  });

  const notify = (body: Record<string, unknown>) => t.anonymous().post('/notify').send(body).expect(200);
  const record = async (id: string) => (await t.api.get(`/notifications/${id}`).expect(200)).body;
  const settled = (id: string) =>
    waitFor(async () => {
      const body = await record(id);
      return body.finalState !== 'pending' ? body : undefined;
    }, `notification ${id} to settle`);

  it('a transient failure (503) is retried in the background; the response reports the first attempt', async () => {
    ntfy.script({ kind: 'status', status: 503 }, { kind: 'ok' });
    const response = await notify({ source_agent: 'a', title: 'retry me', body: 'b', channels: ['ntfy'] });
    expect(response.body).toMatchObject({ channels_dispatched: [], status: 'failed' });
    const body = await settled(response.body.notification_id);
    expect(body).toMatchObject({ status: 'failed', finalState: 'delivered', channelsDispatched: [] });
    const delivery: Delivery = body.deliveries[0];
    expect(delivery).toMatchObject({ channel: 'ntfy', state: 'delivered', attemptCount: 2 });
    expect(delivery.attempts.map((a) => [a.outcome, a.statusCode])).toEqual([
      ['failed', 503],
      ['sent', 200],
    ]);
    expect(delivery.attempts[0].transient).toBe(true);
    expect(ntfy.published.filter((p) => p.title === 'retry me')).toHaveLength(1);
  });

  it('429 (which ntfy sends without Retry-After) is retried too', async () => {
    ntfy.script({ kind: 'status', status: 429 }, { kind: 'ok' });
    const limited = await notify({ source_agent: 'a', title: 'rate limited', body: 'b', channels: ['ntfy'] });
    const body = await settled(limited.body.notification_id);
    expect(body.deliveries[0].attempts.map((a: Attempt) => [a.outcome, a.statusCode])).toEqual([
      ['failed', 429],
      ['sent', 200],
    ]);
  });

  it('a permanent failure (400) is not retried', async () => {
    ntfy.script({ kind: 'status', status: 400 });
    const response = await notify({ source_agent: 'a', title: 'bad', body: 'b', channels: ['ntfy'] });
    const body = await record(response.body.notification_id);
    expect(body.finalState).toBe('failed');
    expect(body.deliveries[0]).toMatchObject({ state: 'failed', attemptCount: 1 });
    expect(body.deliveries[0].attempts[0]).toMatchObject({ outcome: 'failed', transient: false, statusCode: 400 });
    const rows = await sql(`SELECT state, next_attempt_at FROM hub_delivery WHERE notification_id = $1`, [
      response.body.notification_id,
    ]);
    expect(rows).toEqual([{ state: 'failed', next_attempt_at: null }]);
  });

  it('gives up after HUB_RETRY_MAX_ATTEMPTS transient failures', async () => {
    ntfy.script({ kind: 'status', status: 502 });
    const response = await notify({ source_agent: 'a', title: 'down', body: 'b', channels: ['ntfy'] });
    const body = await settled(response.body.notification_id);
    expect(body.finalState).toBe('failed');
    expect(body.deliveries[0]).toMatchObject({ state: 'failed', attemptCount: 3 });
    expect(body.deliveries[0].attempts.map((a: Attempt) => a.statusCode)).toEqual([502, 502, 502]);
    ntfy.script({ kind: 'ok' });
    // The breaker saw failures; one success closes it again for the following tests.
    await notify({ source_agent: 'a', title: 'recovered', body: 'b', channels: ['ntfy'] });
  });

  it('ntfy: a request that exceeds its timeout (short timeout configured) fails as transient', async () => {
    ntfy.script({ kind: 'hang', ms: 3000 }, { kind: 'ok' });
    const response = await notify({ source_agent: 'a', title: 'slow', body: 'b', channels: ['ntfy'] });
    expect(response.body).toMatchObject({ channels_dispatched: [], status: 'failed' });
    const body = await settled(response.body.notification_id);
    expect(body.deliveries[0].attempts[0]).toMatchObject({
      outcome: 'failed',
      transient: true,
      error: 'timed out after 300 ms',
    });
    expect(body.deliveries[0].state).toBe('delivered');
  });

  it('email: a relay that never greets fails within the send deadline instead of nodemailer’s minutes', async () => {
    const response = await notify({ source_agent: 'a', title: 'mail', body: 'b', channels: ['email', 'ntfy'] });
    expect(response.body).toMatchObject({ channels_dispatched: ['ntfy'], status: 'partial' });
    const body = await record(response.body.notification_id);
    const email = body.deliveries.find((d: Delivery) => d.channel === 'email');
    expect(email.attempts[0]).toMatchObject({ outcome: 'failed', transient: true });
    expect(email.attempts[0].error).toMatch(/timed out after 400 ms|greeting|ETIMEDOUT/i);
  });

  it('Idempotency-Key: a replay returns the stored result and sends nothing twice', async () => {
    const before = ntfy.published.length;
    const payload = { source_agent: 'a', title: 'once', body: 'only once', channels: ['ntfy'], metadata: { n: 1 } };
    const first = await t.anonymous().post('/notify').set('Idempotency-Key', 'abc-123').send(payload).expect(200);
    const second = await t.anonymous().post('/notify').set('Idempotency-Key', 'abc-123').send(payload).expect(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(ntfy.published.length).toBe(before + 1);
    const rows = await sql(`SELECT count(*)::int AS n FROM hub_notification WHERE idempotency_key = 'abc-123'`);
    expect(rows[0]).toEqual({ n: 1 });
    // The same key with another payload is a client error, not a silent replay.
    await t
      .anonymous()
      .post('/notify')
      .set('Idempotency-Key', 'abc-123')
      .send({ ...payload, body: 'different' })
      .expect(409);
  });

  it('Idempotency-Key sent twice at the same moment: one dispatch, the other request is told to retry', async () => {
    ntfy.script({ kind: 'hang', ms: 150 }, { kind: 'ok' });
    const before = ntfy.requests;
    const payload = { source_agent: 'a', title: 'raced', body: 'b', channels: ['ntfy'] };
    const send = () => t.anonymous().post('/notify').set('Idempotency-Key', 'race-1').send(payload);
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 200)!.body).toMatchObject({ status: 'ok' });
    const rows = await sql(`SELECT count(*)::int AS n FROM hub_notification WHERE idempotency_key = 'race-1'`);
    expect(rows[0]).toEqual({ n: 1 });
    expect(ntfy.requests).toBe(before + 1);
  });

  it('concurrent notifications (stored in groups): every answered one is committed with its delivery and attempt', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        notify({
          source_agent: 'a',
          title: `group ${n}`,
          body: 'b',
          channels: n % 3 === 0 ? ['ntfy', 'ha_tts'] : ['ntfy'],
        }),
      ),
    );
    const ids = answers.map((answer) => answer.body.notification_id as string);
    expect(new Set(ids).size).toBe(12);
    // Read straight from the table as soon as the answers are in: nothing is written after the answer.
    const rows = await sql(
      `SELECT n.id, n.title, n.status, d.channel, d.state, d.claim_token IS NULL AS released,
              (SELECT count(*)::int FROM hub_delivery_attempt a WHERE a.delivery_id = d.id) AS attempts
         FROM hub_notification n JOIN hub_delivery d ON d.notification_id = n.id
        WHERE n.id = ANY($1::uuid[]) ORDER BY n.title, d.channel`,
      [ids],
    );
    expect(rows).toHaveLength(16);
    for (const [n, answer] of answers.entries()) {
      const mine = rows.filter((row) => row.id === answer.body.notification_id);
      expect(mine.map((row) => row.channel)).toEqual(n % 3 === 0 ? ['ha_tts', 'ntfy'] : ['ntfy']);
      expect(mine.every((row) => row.title === `group ${n}` && row.status === answer.body.status)).toBe(true);
      expect(mine.every((row) => row.state === 'delivered' && row.released && row.attempts === 1)).toBe(true);
    }
  });

  it('two channels: both first attempts are stored, and the status reflects both', async () => {
    ha.script({ kind: 'status', status: 400 });
    const response = await notify({ source_agent: 'a', title: 'two', body: 'b', channels: ['ntfy', 'ha_tts'] });
    expect(response.body).toMatchObject({ channels_dispatched: ['ntfy'], status: 'partial' });
    const body = await record(response.body.notification_id);
    expect(body).toMatchObject({ status: 'partial', channelsDispatched: ['ntfy'] });
    const byChannel = Object.fromEntries(body.deliveries.map((d: Delivery) => [d.channel, d]));
    expect(byChannel.ntfy).toMatchObject({ state: 'delivered', attemptCount: 1 });
    expect(byChannel.ntfy.attempts).toMatchObject([{ number: 1, outcome: 'sent', statusCode: 200 }]);
    expect(byChannel.ha_tts).toMatchObject({ state: 'failed', attemptCount: 1 });
    expect(byChannel.ha_tts.attempts).toMatchObject([{ number: 1, outcome: 'failed', statusCode: 400 }]);
    const claims = await sql(`SELECT claim_token FROM hub_delivery WHERE notification_id = $1`, [
      response.body.notification_id,
    ]);
    expect(claims).toEqual([{ claim_token: null }, { claim_token: null }]);
  });

  it('domain events become notifications through the same dispatcher, as source_agent "quire"', async () => {
    const issue = { source: 'IndexerCheck', type: 'warning' as const, message: 'No indexers', wikiUrl: '' };
    await emitLibraryEvent(t, new HealthIssuesChangedEvent([], [issue]));
    const publish = await waitFor(
      async () => ntfy.published.find((p) => p.title === 'Health Check Restored'),
      'the library notification at ntfy',
    );
    expect(publish.tags).toEqual(['quire']);
    expect(publish.priority).toBe('low');
    const list = await t.api.get('/notifications?sortKey=createdAt&sortDirection=descending').expect(200);
    const stored = list.body.records.find((r: { title: string }) => r.title === 'Health Check Restored');
    expect(stored).toMatchObject({
      sourceAgent: 'quire',
      resolvedBy: 'route',
      channels: ['ntfy'],
      metadata: { source: 'IndexerCheck', event_type: 'healthRestored' },
      status: 'ok',
    });
  });

  it('GET /notifications is paged and behind the API key; GET /notifications/{id} 404s for unknown ids', async () => {
    await t.anonymous().get('/notifications').expect(401);
    await t.anonymous().get('/notifications/00000000-0000-4000-8000-000000000000').expect(401);
    const page = await t.api.get('/notifications?page=1&pageSize=2').expect(200);
    expect(page.body).toMatchObject({ page: 1, pageSize: 2, sortKey: 'createdAt', sortDirection: 'descending' });
    expect(page.body.totalRecords).toBeGreaterThan(2);
    expect(page.body.records).toHaveLength(2);
    expect(page.body.records[0].deliveries[0].attempts.length).toBeGreaterThan(0);
    await t.api.get('/notifications?sortKey=nope').expect(400);
    // The hub page's filters: by agent, by channel delivered to, by status; each narrows the list.
    const byAgent = await t.api.get('/notifications?sourceAgent=quire&pageSize=100').expect(200);
    expect(byAgent.body.totalRecords).toBeGreaterThan(0);
    expect(byAgent.body.totalRecords).toBeLessThan(page.body.totalRecords);
    expect(byAgent.body.records.every((r: { sourceAgent: string }) => r.sourceAgent === 'quire')).toBe(true);
    const byChannel = await t.api.get('/notifications?channel=ntfy&pageSize=100').expect(200);
    expect(byChannel.body.totalRecords).toBeGreaterThan(0);
    for (const record of byChannel.body.records as { deliveries: Delivery[] }[])
      expect(record.deliveries.map((d) => d.channel)).toContain('ntfy');
    const failed = await t.api.get('/notifications?status=failed&pageSize=100').expect(200);
    expect(failed.body.records.every((r: { status: string }) => r.status === 'failed')).toBe(true);
    await t.api.get('/notifications?status=nope').expect(400);
    await t.api.get('/notifications?channel=pigeon').expect(400);
    await t.api.get('/notifications/00000000-0000-4000-8000-000000000000').expect(404);
    await t.api.get('/notifications/not-a-uuid').expect(404);
  });

  it('a channel that keeps failing is held back by its circuit breaker (health and metrics report it)', async () => {
    ha.script({ kind: 'status', status: 503 });
    for (let i = 0; i < 4; i++) {
      const response = await notify({ source_agent: 'a', title: `ha ${i}`, body: 'b', channels: ['ha_tts'] });
      expect(response.body.status).toBe('failed');
    }
    await t.anonymous().get('/health/channels').expect(401);
    const health = await t.api.get('/health/channels').expect(200);
    expect(health.body).toMatchObject({
      status: 'ok',
      channels: { ha_tts: { state: 'open', configured: true }, ntfy: { state: 'closed', configured: true } },
    });
    const calls = ha.calls.length;
    const blocked = await notify({ source_agent: 'a', title: 'held back', body: 'b', channels: ['ha_tts', 'ntfy'] });
    expect(blocked.body).toMatchObject({ channels_dispatched: ['ntfy'], status: 'partial' });
    expect(ha.calls.length).toBe(calls); // nothing was sent to the failing channel
    const body = await record(blocked.body.notification_id);
    const delivery = body.deliveries.find((d: Delivery) => d.channel === 'ha_tts');
    expect(delivery.attempts[0]).toMatchObject({ outcome: 'blocked', error: 'circuit breaker open: not sent' });
    expect(delivery.state).toBe('pending'); // retried once the pause is over
    const metrics = await t.anonymous().get('/metrics').expect(200);
    expect(metrics.text).toMatch(/^notification_hub_circuit_state\{channel="ha_tts"\} 1$/m);
    expect(metrics.text).toMatch(/^notification_hub_deliveries_total\{channel="ha_tts",result="blocked"\} [1-9]\d*$/m);
    await t.anonymous().get('/health').expect(200, { status: 'ok' });
  });
});

describe('notification hub: a restart during a retry does not lose the pending delivery', () => {
  let ha: FakeHomeAssistant;
  let apps: TestApp[] = [];

  beforeAll(async () => {
    ha = await new FakeHomeAssistant().start();
  });

  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await ha.stop();
  });

  const env = (baseDelayMs: number) => ({
    HUB_HA_WEBHOOK_URL: ha.webhookUrl(),
    HUB_RETRY_MAX_ATTEMPTS: '5',
    HUB_RETRY_BASE_DELAY_MS: String(baseDelayMs),
    HUB_RETRY_MAX_DELAY_MS: String(baseDelayMs * 4),
    HUB_RETRY_POLL_INTERVAL_MS: '50',
    // Retries here are about durability, not the breaker: keep it out of the way.
    HUB_BREAKER_FAILURE_THRESHOLD: '1000',
  });

  it('the next process picks the pending retry up from PostgreSQL and completes it', async () => {
    ha.script({ kind: 'status', status: 503 });
    const first = await createTestApp(env(2000));
    apps.push(first);
    const response = await first
      .anonymous()
      .post('/notify')
      .send({ source_agent: 'a', title: 'survives', body: 'restart', channels: ['ha_tts'] })
      .expect(200);
    const id = response.body.notification_id as string;
    expect(response.body.status).toBe('failed');
    await first.close();
    apps = apps.filter((app) => app !== first);
    const pending = await sql(`SELECT state, attempts FROM hub_delivery WHERE notification_id = $1`, [id]);
    expect(pending).toEqual([{ state: 'pending', attempts: 1 }]);

    ha.script({ kind: 'ok' });
    const second = await createTestApp(env(2000), { fresh: false });
    apps.push(second);
    const done = await waitFor(async () => {
      const body = (await second.api.get(`/notifications/${id}`).expect(200)).body;
      return body.finalState === 'delivered' ? body : undefined;
    }, 'the delivery to complete after the restart');
    expect(done.deliveries[0].attempts.map((a: Attempt) => a.outcome)).toEqual(['failed', 'sent']);
    expect(ha.calls.filter((call) => call.json?.title === 'survives')).toHaveLength(2);
  });

  it('two processes sharing the database never send one due delivery twice (FOR UPDATE SKIP LOCKED)', async () => {
    for (const app of apps) await app.close();
    apps = [];
    ha.script({ kind: 'status', status: 503 });
    const a = await createTestApp({ ...env(1500), HUB_RETRY_MAX_ATTEMPTS: '2' });
    apps.push(a);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await a
        .anonymous()
        .post('/notify')
        .send({ source_agent: 'a', title: `shared ${i}`, body: 'b', channels: ['ha_tts'] })
        .expect(200);
      ids.push(response.body.notification_id);
    }
    ha.script({ kind: 'ok' });
    const b = await createTestApp({ ...env(1500), HUB_RETRY_MAX_ATTEMPTS: '2' }, { fresh: false });
    apps.push(b);
    await waitFor(async () => {
      const rows = await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM hub_delivery WHERE state = 'delivered' AND notification_id = ANY($1)`,
        [ids],
      );
      return rows[0].n === ids.length || undefined;
    }, 'all shared deliveries');
    for (let i = 0; i < 8; i++) {
      expect(ha.calls.filter((call) => call.json?.title === `shared ${i}`)).toHaveLength(2);
    }
  });
});
