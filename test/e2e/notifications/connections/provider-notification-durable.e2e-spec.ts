import { ServerResponse } from 'node:http';
import { FakeHttpServer, RecordedRequest, sendJson } from '../../../fakes/fake-http';
import { FakeHomeAssistant } from '../../../fakes/home-assistant.fake';
import { FakeNtfy } from '../../../fakes/ntfy.fake';
import { FakeSmtp } from '../../../fakes/smtp.fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { emitLibraryEvent, libraryEvents } from '../../../utils/library-events';
import { sql } from '../../../utils/test-database';
import { waitFor } from '../../../utils/wait-for';

/**
 * Notification connections (Email, Ntfy, HomeAssistant, Webhook) deliver library events through the hub's
 * durable dispatcher: stored deliveries and attempts, background retries, settings read at attempt time.
 */

const SECRETS = {
  ntfyToken: 'tk_ntfy_SECRET_7f3a',
  hookPassword: 'hook_SECRET_pw_91c2',
  smtpPassword: 'smtp_SECRET_pw_44d0',
  haWebhookId: 'quire-tts',
};

interface Attempt {
  number: number;
  outcome: string;
  transient: boolean;
  statusCode?: number;
  error?: string;
}
interface Delivery {
  channel: string;
  connectionId?: number;
  state: string;
  attemptCount: number;
  lastError?: string;
  attempts: Attempt[];
}

/** A webhook receiver: per path, a script of answers (the last one stays); a `hold` answer waits for release. */
class WebhookReceiver {
  readonly server: FakeHttpServer;
  private readonly scripts = new Map<string, (number | 'hold')[]>();
  private readonly held: (() => void)[] = [];

  constructor() {
    this.server = new FakeHttpServer((request, response) => this.answer(request, response));
  }

  script(path: string, ...answers: (number | 'hold')[]): void {
    this.scripts.set(path, answers);
  }

  calls(path: string): RecordedRequest[] {
    return this.server.requests.filter((request) => request.url.pathname === path);
  }

  /** Lets every held request answer (with the next scripted status). */
  release(): void {
    for (const resume of this.held.splice(0)) resume();
  }

  private async answer(request: RecordedRequest, response: ServerResponse): Promise<void> {
    const script = this.scripts.get(request.url.pathname) ?? [200];
    const next = () => (script.length > 1 ? script.shift()! : script[0]);
    let answer = next();
    if (answer === 'hold') {
      await new Promise<void>((resolve) => this.held.push(resolve));
      answer = next();
    }
    const status = answer === 'hold' ? 500 : answer;
    sendJson(response, status, status < 300 ? { ok: true } : { error: 'unavailable' });
  }
}

describe('providers: notification connections go through the hub’s durable dispatcher', () => {
  let t: TestApp;
  let ntfy: FakeNtfy;
  let ha: FakeHomeAssistant;
  let smtp: FakeSmtp;
  let hooks: WebhookReceiver;

  beforeAll(async () => {
    ntfy = await new FakeNtfy().start();
    ha = await new FakeHomeAssistant().start();
    smtp = await new FakeSmtp().start();
    smtp.credentials = { user: 'mailer', password: SECRETS.smtpPassword };
    hooks = new WebhookReceiver();
    await hooks.server.start();
    t = await createTestApp({
      HUB_NTFY_URL: ntfy.url, // the hub's own ntfy channel (QuireHub test); ha_tts stays unconfigured
      HUB_RETRY_MAX_ATTEMPTS: '6',
      HUB_RETRY_BASE_DELAY_MS: '30',
      HUB_RETRY_MAX_DELAY_MS: '200',
      HUB_RETRY_POLL_INTERVAL_MS: '50',
    });
  });

  afterAll(async () => {
    await t?.close();
    await Promise.all([ntfy?.stop(), ha?.stop(), smtp?.stop(), hooks?.server.stop()]);
  });

  const create = async (body: Record<string, unknown>): Promise<number> =>
    (await t.api.post('/api/v1/notification?forceSave=true').send(body).expect(200)).body.id as number;

  const emit = (event: object) => emitLibraryEvent(t, event);

  /** The id of the connections' notification for an event title (the hub's own routing makes another one). */
  const connectionNotification = (title: string) =>
    waitFor(async () => {
      const rows = await sql<{ id: string }>(
        `SELECT id FROM hub_notification WHERE resolution = 'connection' AND title = $1`,
        [title],
      );
      return rows[0]?.id;
    }, `the connection notification of "${title}"`);

  const settled = (id: string) =>
    waitFor(async () => {
      const body = (await t.api.get(`/notifications/${id}`).expect(200)).body;
      return body.finalState !== 'pending' ? body : undefined;
    }, `notification ${id} to settle`);

  const hubDump = async () =>
    JSON.stringify(
      await Promise.all(
        ['hub_notification', 'hub_delivery', 'hub_delivery_attempt'].map((table) =>
          sql(`SELECT coalesce(json_agg(t), '[]'::json)::text AS rows FROM ${table} t`),
        ),
      ),
    );

  it('each kind fails first, is retried in the background and ends delivered; attempts visible; no secret in hub rows', async () => {
    const ids = {
      ntfy: await create({
        name: 'phone',
        implementation: 'Ntfy',
        configContract: 'NtfySettings',
        onGrab: true,
        fields: [
          { name: 'serverUrl', value: ntfy.url },
          { name: 'topics', value: ['books'] },
          { name: 'accessToken', value: SECRETS.ntfyToken },
          { name: 'priority', value: 4 },
        ],
      }),
      webhook: await create({
        name: 'hook',
        implementation: 'Webhook',
        configContract: 'WebhookSettings',
        onGrab: true,
        fields: [
          { name: 'url', value: `${hooks.server.url}/flaky` },
          { name: 'method', value: 2 },
          { name: 'username', value: 'quire' },
          { name: 'password', value: SECRETS.hookPassword },
        ],
      }),
      email: await create({
        name: 'mail',
        implementation: 'Email',
        configContract: 'EmailSettings',
        onGrab: true,
        fields: [
          { name: 'server', value: '127.0.0.1' },
          { name: 'port', value: smtp.port },
          { name: 'username', value: 'mailer' },
          { name: 'password', value: SECRETS.smtpPassword },
          { name: 'from', value: 'quire@example.test' },
          { name: 'to', value: ['reader@example.test'] },
        ],
      }),
      homeAssistant: await create({
        name: 'speaker',
        implementation: 'HomeAssistant',
        configContract: 'HomeAssistantSettings',
        onGrab: true,
        fields: [{ name: 'webhookUrl', value: ha.webhookUrl(SECRETS.haWebhookId) }],
      }),
    };
    const before = { ntfy: ntfy.published.length, ha: ha.calls.length, mails: smtp.messages.length };

    ntfy.script({ kind: 'status', status: 503 }, { kind: 'ok' });
    ha.script({ kind: 'status', status: 502 }, { kind: 'ok' });
    hooks.script('/flaky', 503, 200);
    smtp.rejectRecipientWith = 451;
    await emit(libraryEvents.grabbed('Dune.epub'));
    // The first attempts are over (emit waits for them); the mail relay recovers now.
    smtp.rejectRecipientWith = undefined;

    const id = await connectionNotification('Book grabbed');
    const record = await settled(id);
    expect(record).toMatchObject({
      sourceAgent: 'quire',
      resolvedBy: 'connection',
      status: 'failed',
      finalState: 'delivered',
    });
    const deliveries: Delivery[] = record.deliveries;
    expect(deliveries.map((d) => d.connectionId).sort()).toEqual(Object.values(ids).sort());
    const byConnection = new Map(deliveries.map((d) => [d.connectionId, d]));
    expect(byConnection.get(ids.ntfy)!.channel).toBe('ntfy');
    expect(byConnection.get(ids.webhook)!.channel).toBe('webhook');
    expect(byConnection.get(ids.email)!.channel).toBe('email');
    expect(byConnection.get(ids.homeAssistant)!.channel).toBe('ha_tts');
    for (const delivery of deliveries) {
      expect(delivery.state).toBe('delivered');
      expect(delivery.attempts.length).toBeGreaterThanOrEqual(2);
      expect(delivery.attempts[0]).toMatchObject({ number: 1, outcome: 'failed', transient: true });
      expect(delivery.attempts.at(-1)).toMatchObject({ outcome: 'sent' });
    }
    expect(byConnection.get(ids.ntfy)!.attempts.map((a) => [a.outcome, a.statusCode])).toEqual([
      ['failed', 503],
      ['sent', 200],
    ]);
    expect(byConnection.get(ids.webhook)!.attempts.map((a) => [a.outcome, a.statusCode])).toEqual([
      ['failed', 503],
      ['sent', 200],
    ]);
    expect(byConnection.get(ids.homeAssistant)!.attempts[0].statusCode).toBe(502);
    expect(byConnection.get(ids.email)!.attempts[0].error).toMatch(/451/);

    // What the peers received, once each.
    const published = ntfy.published.slice(before.ntfy);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ topic: 'books', title: 'Book grabbed', priority: 'high' }); // the connection's priority 4
    expect(published[0].headers.authorization).toBe(`Bearer ${SECRETS.ntfyToken}`);
    const hookCalls = hooks.calls('/flaky');
    expect(hookCalls).toHaveLength(2);
    expect(hookCalls[1].method).toBe('PUT');
    expect(hookCalls[1].headers.authorization).toBe(
      `Basic ${Buffer.from(`quire:${SECRETS.hookPassword}`).toString('base64')}`,
    );
    expect(JSON.parse(hookCalls[1].body.toString())).toMatchObject({
      eventType: 'Grab',
      release: { releaseTitle: 'Dune.epub' },
    });
    const mails = smtp.messages.slice(before.mails);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Book grabbed', user: 'mailer', envelopeTo: ['reader@example.test'] });
    const spoken = ha.calls.slice(before.ha).filter((call) => call.json);
    expect(spoken.at(-1)!.json).toMatchObject({
      message: expect.stringMatching(/^Book grabbed: Frank Herbert – Dune/),
      source_agent: 'quire',
    });

    // No secret in the API's answers nor in the hub's tables.
    const single = (await t.api.get(`/notifications/${id}`).expect(200)).text;
    const page = (await t.api.get('/notifications?pageSize=50').expect(200)).text;
    const dump = await hubDump();
    expect(dump).toContain('Book grabbed'); // the dump does hold the rows
    for (const text of [single, page, dump]) {
      for (const secret of [SECRETS.ntfyToken, SECRETS.hookPassword, SECRETS.smtpPassword, ha.webhookUrl()])
        expect(text).not.toContain(secret);
      expect(text).not.toContain(Buffer.from(`quire:${SECRETS.hookPassword}`).toString('base64'));
    }
  });

  it('a retry reads the connection’s settings at attempt time: a corrected URL applies to the pending delivery', async () => {
    hooks.script('/down', 'hold', 503);
    hooks.script('/fixed', 200);
    const body = {
      name: 'moving hook',
      implementation: 'Webhook',
      configContract: 'WebhookSettings',
      onReleaseImport: true,
      fields: [
        { name: 'url', value: `${hooks.server.url}/down` },
        { name: 'method', value: 1 },
      ],
    };
    const id = await create(body); // forceSave: saved without a test call
    const before = hooks.calls('/down').length;

    const emitted = emit(libraryEvents.imported());
    await waitFor(async () => hooks.calls('/down').length > before, 'the first attempt to reach /down');
    await t.api
      .put(`/api/v1/notification/${id}?forceSave=true`)
      .send({
        ...body,
        id,
        fields: [
          { name: 'url', value: `${hooks.server.url}/fixed` },
          { name: 'method', value: 1 },
        ],
      })
      .expect(200);
    const fixedBefore = hooks.calls('/fixed').length;
    hooks.release();
    await emitted;

    const record = await settled(await connectionNotification('Book imported'));
    expect(record.finalState).toBe('delivered');
    const [delivery] = record.deliveries as Delivery[];
    expect(delivery).toMatchObject({ connectionId: id, channel: 'webhook', state: 'delivered' });
    expect(delivery.attempts.map((a) => [a.outcome, a.statusCode])).toEqual([
      ['failed', 503],
      ['sent', 200],
    ]);
    const delivered = hooks.calls('/fixed').slice(fixedBefore);
    expect(delivered).toHaveLength(1);
    expect(JSON.parse(delivered[0].body.toString())).toMatchObject({ eventType: 'Download' });
  });

  it('an ntfy connection with two topics has one delivery per topic: only the failing topic is retried', async () => {
    await create({
      name: 'two topics',
      implementation: 'Ntfy',
      configContract: 'NtfySettings',
      onRename: true,
      fields: [
        { name: 'serverUrl', value: ntfy.url },
        { name: 'topics', value: ['alpha', 'beta'] },
      ],
    });
    const before = ntfy.published.length;
    ntfy.script({ kind: 'status', status: 503 }, { kind: 'ok' });
    await emit(libraryEvents.renamed());
    const record = await settled(await connectionNotification('Books renamed'));
    expect(record.finalState).toBe('delivered');
    const outcomes = (record.deliveries as Delivery[]).map((d) => d.attempts.map((a) => a.outcome).join(',')).sort();
    expect(outcomes).toEqual(['failed,sent', 'sent']);
    const topics = ntfy.published
      .slice(before)
      .map((p) => p.topic)
      .sort();
    expect(topics).toEqual(['alpha', 'beta']);
  });

  it('a deleted connection’s pending retry fails for good without sending', async () => {
    hooks.script('/gone', 'hold', 503, 200);
    const id = await create({
      name: 'short-lived hook',
      implementation: 'Webhook',
      configContract: 'WebhookSettings',
      onAuthorAdded: true,
      fields: [{ name: 'url', value: `${hooks.server.url}/gone` }],
    });
    const before = hooks.calls('/gone').length;
    const emitted = emit(libraryEvents.authorAdded());
    await waitFor(async () => hooks.calls('/gone').length > before, 'the first attempt to reach /gone');
    await t.api.delete(`/api/v1/notification/${id}`).expect(200);
    hooks.release();
    await emitted;

    const record = await settled(await connectionNotification('Author added'));
    expect(record.finalState).toBe('failed');
    const [delivery] = record.deliveries as Delivery[];
    expect(delivery).toMatchObject({ connectionId: id, state: 'failed', attemptCount: 2 });
    expect(delivery.lastError).toMatch(/no longer exists/);
    expect(hooks.calls('/gone')).toHaveLength(before + 1);
  });

  it('the test action sends directly and reports a failure honestly, without the secret', async () => {
    ntfy.script({ kind: 'status', status: 503 });
    const response = await t.api
      .post('/api/v1/notification/test')
      .send({
        name: 'ntfy',
        implementation: 'Ntfy',
        fields: [
          { name: 'serverUrl', value: ntfy.url },
          { name: 'topics', value: ['books'] },
          { name: 'accessToken', value: SECRETS.ntfyToken },
        ],
      })
      .expect(400);
    expect(response.body[0]).toMatchObject({
      propertyName: 'ServerUrl',
      errorMessage: expect.stringMatching(/HTTP 503/),
    });
    expect(response.text).not.toContain(SECRETS.ntfyToken);
    ntfy.script({ kind: 'ok' });
  });

  it('a QuireHub test reports a partial hub result as a failure, naming the channel that accepted it', async () => {
    ntfy.script({ kind: 'ok' });
    const before = ntfy.published.length;
    const response = await t.api
      .post('/api/v1/notification/test')
      .send({ name: 'hub', implementation: 'QuireHub', fields: [{ name: 'channels', value: ['ntfy', 'ha_tts'] }] })
      .expect(400);
    expect(response.body[0].errorMessage).toMatch(/partial: channels that accepted it: ntfy/);
    expect(ntfy.published.slice(before).map((p) => p.topic)).toEqual(['quire']);
  });

  it('webhook is a connection-only channel: POST /notify cannot name it', async () => {
    const response = await t
      .anonymous()
      .post('/notify')
      .send({ source_agent: 'a', title: 't', body: 'b', channels: ['webhook'] })
      .expect(400);
    expect(response.text).toMatch(/email/);
  });
});
