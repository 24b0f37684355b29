import { Logger } from '@nestjs/common';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeHomeAssistant } from '../../../fakes/home-assistant.fake';
import { FakeNtfy } from '../../../fakes/ntfy.fake';
import { FakeSmtp } from '../../../fakes/smtp.fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

const SMTP_PASSWORD = 'smtp-secret-pass';
const NTFY_TOKEN = 'tk_ntfysecrettoken';

/** Every structured log entry the hub writes (Logger calls are no-ops in tests, so we listen in). */
function captureLogs() {
  const entries: Record<string, unknown>[] = [];
  const record = (message: unknown) => {
    if (message && typeof message === 'object') entries.push(message as Record<string, unknown>);
  };
  const spies = [
    jest.spyOn(Logger.prototype, 'log').mockImplementation((message: unknown) => record(message)),
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => record(message)),
    jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => record(message)),
  ];
  return {
    entries,
    events: (notificationId?: string) =>
      entries
        .filter((entry) => !notificationId || entry.notification_id === notificationId)
        .map((entry) => entry.event),
    restore: () => spies.forEach((spy) => spy.mockRestore()),
  };
}

describe('notification hub: POST /notify to email, ntfy and Home Assistant', () => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let ntfy: FakeNtfy;
  let ha: FakeHomeAssistant;
  let logs: ReturnType<typeof captureLogs>;

  beforeAll(async () => {
    smtp = await new FakeSmtp().start();
    smtp.credentials = { user: 'quire', password: SMTP_PASSWORD };
    ntfy = await new FakeNtfy().start();
    ntfy.requiredToken = NTFY_TOKEN;
    ha = await new FakeHomeAssistant().start();
    const dir = mkdtempSync(join(tmpdir(), 'quire-hub-'));
    const routes = join(dir, 'routes.yaml');
    writeFileSync(routes, 'routes:\n  backup-agent: [email]\n  deploy-bot: [ntfy, ha_tts]\n  default: [ntfy]\n');
    logs = captureLogs();
    t = await createTestApp({
      HUB_SMTP_HOST: '127.0.0.1',
      HUB_SMTP_PORT: String(smtp.port),
      HUB_SMTP_FROM: 'quire@library.test',
      HUB_SMTP_TO: 'reader@example.test',
      HUB_SMTP_USER: 'quire',
      HUB_SMTP_PASSWORD: SMTP_PASSWORD,
      HUB_NTFY_URL: ntfy.url,
      HUB_NTFY_TOPIC: 'books',
      HUB_NTFY_TOKEN: NTFY_TOKEN,
      HUB_HA_WEBHOOK_URL: ha.webhookUrl(),
      HUB_ROUTES_FILE: routes,
      HUB_RETRY_MAX_ATTEMPTS: '1',
    });
  });

  afterAll(async () => {
    await t?.close();
    logs.restore();
    await Promise.all([smtp?.stop(), ntfy?.stop(), ha?.stop()]);
  });

  beforeEach(() => {
    ntfy.script({ kind: 'ok' });
    ha.script({ kind: 'ok' });
    smtp.rejectRecipientWith = undefined;
  });

  const notify = (body: Record<string, unknown>) => t.anonymous().post('/notify').send(body);

  it('GET /health answers {"status":"ok"} without credentials', async () => {
    await t.anonymous().get('/health').expect(200, { status: 'ok' });
  });

  it('logs notification_hub.startup with the channel configuration and no secret', () => {
    const startup = logs.entries.find((entry) => entry.event === 'notification_hub.startup');
    expect(startup).toMatchObject({
      routes_loaded: true,
      channels: {
        email: { configured: true, host: '127.0.0.1', port: smtp.port, to: 'reader@example.test', auth: true },
        ntfy: { configured: true, url: ntfy.url, topic: 'books', token_set: true },
        ha_tts: { configured: true, webhook: ha.url },
      },
    });
    expect(JSON.stringify(startup)).not.toContain('quire-tts');
  });

  it('email: subject, from, to, sanitised HTML and a plain-text part through real SMTP', async () => {
    const before = smtp.messages.length;
    const response = await notify({
      source_agent: 'backup-agent',
      title: 'Café — Übersicht',
      body: '# Backup done\n\n**3** files, *no* errors.\n\n- one\n- two\n\n```\nexit 0\n```\n\n<script>alert(1)</script>\n\n[log](javascript:alert(2))',
      channels: ['email'],
    }).expect(200);
    expect(response.body).toEqual({
      notification_id: expect.any(String),
      channels_dispatched: ['email'],
      status: 'ok',
    });
    expect(response.body.notification_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(smtp.messages).toHaveLength(before + 1);
    const mail = smtp.messages[before];
    expect(mail.subject).toBe('Café — Übersicht');
    expect(mail.from).toBe('quire@library.test');
    expect(mail.to).toBe('reader@example.test');
    expect(mail.envelopeFrom).toBe('quire@library.test');
    expect(mail.envelopeTo).toEqual(['reader@example.test']);
    expect(mail.user).toBe('quire');
    expect(mail.contentType).toMatch(/^multipart\/alternative/);
    expect(mail.html).toContain('<h1>Backup done</h1>');
    expect(mail.html).toContain('<strong>3</strong>');
    expect(mail.html).toContain('<em>no</em>');
    expect(mail.html).toMatch(/<ul>\s*<li>one<\/li>/);
    expect(mail.html).toContain('<pre><code>exit 0');
    expect(mail.html).not.toMatch(/<script|javascript:/i);
    expect(mail.text).toContain('Backup done\n\n3 files, no errors.\n\n- one\n- two\n\nexit 0');
    expect(mail.text).not.toContain('**');
  });

  it('ntfy: exact publish headers and body, RFC 2047 title, bearer token, source-agent tag', async () => {
    const before = ntfy.published.length;
    const response = await notify({
      source_agent: 'deploy-bot',
      title: 'Café — Übersicht',
      body: 'Deployed **v2**',
      priority: 'high',
      channels: ['ntfy'],
    }).expect(200);
    expect(response.body).toMatchObject({ channels_dispatched: ['ntfy'], status: 'ok' });
    const publish = ntfy.published[before];
    expect(publish.topic).toBe('books');
    expect(publish.headers.title).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
    expect(publish.title).toBe('Café — Übersicht');
    expect(publish.priority).toBe('high');
    expect(publish.headers.markdown).toBe('yes');
    expect(publish.markdown).toBe(true);
    expect(publish.tags).toEqual(['deploy-bot']);
    expect(publish.headers.authorization).toBe(`Bearer ${NTFY_TOKEN}`);
    expect(publish.message).toBe('Deployed **v2**');
  });

  it.each([
    ['low', 'low'],
    ['normal', 'default'],
    ['high', 'high'],
    ['urgent', 'urgent'],
  ])('ntfy: priority %s is sent as %s', async (priority, sent) => {
    const before = ntfy.published.length;
    await notify({ source_agent: 'x', title: 'p', body: 'b', priority, channels: ['ntfy'] }).expect(200);
    expect(ntfy.published[before].headers.priority).toBe(sent);
  });

  it('ntfy: priority defaults to normal (default) and a source_agent in metadata becomes the tag', async () => {
    const before = ntfy.published.length;
    await notify({
      source_agent: 'x',
      title: 'p',
      body: 'b',
      channels: ['ntfy'],
      metadata: { source_agent: 'Jürgen' },
    }).expect(200);
    expect(ntfy.published[before].headers.priority).toBe('default');
    expect(ntfy.published[before].tags).toEqual(['Jürgen']);
  });

  it('ntfy: a body over 4,096 bytes is cut on a UTF-8 boundary and accepted', async () => {
    const before = ntfy.published.length;
    const body = 'x' + '€'.repeat(2000); // 6,001 bytes; a 3-byte character straddles byte 4,096
    const response = await notify({ source_agent: 'x', title: 'long', body, channels: ['ntfy'] }).expect(200);
    expect(response.body.status).toBe('ok');
    const publish = ntfy.published[before];
    expect(publish.body.length).toBeLessThanOrEqual(4096);
    expect(new TextDecoder('utf-8', { fatal: true }).decode(publish.body)).toBe(publish.message);
    expect(body.startsWith(publish.message.replace(/…$/, ''))).toBe(true);
  });

  it('ha_tts: posts JSON whose message is "title: excerpt", markdown stripped, at most 300 characters', async () => {
    const before = ha.calls.length;
    const body = `## Import finished\n\nThe book **Dune** by *Frank Herbert* was [imported](https://x.test/1).\n\n${'More details follow here. '.repeat(20)}`;
    const response = await notify({ source_agent: 'librarian', title: 'Quire', body, channels: ['ha_tts'] }).expect(
      200,
    );
    expect(response.body).toMatchObject({ channels_dispatched: ['ha_tts'], status: 'ok' });
    const call = ha.calls[before];
    expect(call.webhookId).toBe('quire-tts');
    expect(call.headers['content-type']).toMatch(/^application\/json/);
    const message = call.json!.message as string;
    expect(
      message.startsWith('Quire: Import finished. The book Dune by Frank Herbert was imported. More details'),
    ).toBe(true);
    expect(Array.from(message).length).toBeLessThanOrEqual(300);
    expect(message).not.toMatch(/[*#_`[\]]|https?:/);
    expect(call.json).toMatchObject({ title: 'Quire', source_agent: 'librarian' });
  });

  describe('status table', () => {
    it('ok: every resolved channel succeeded', async () => {
      const response = await notify({
        source_agent: 'a',
        title: 't',
        body: 'b',
        channels: ['email', 'ntfy', 'ha_tts'],
      });
      expect(response.body).toMatchObject({ channels_dispatched: ['email', 'ntfy', 'ha_tts'], status: 'ok' });
    });

    it('partial: at least one succeeded and at least one failed', async () => {
      ha.script({ kind: 'status', status: 404 });
      const response = await notify({ source_agent: 'a', title: 't', body: 'b', channels: ['ntfy', 'ha_tts'] });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ channels_dispatched: ['ntfy'], status: 'partial' });
    });

    it('failed: no channel succeeded', async () => {
      ntfy.script({ kind: 'status', status: 400 });
      smtp.rejectRecipientWith = 550;
      const response = await notify({ source_agent: 'a', title: 't', body: 'b', channels: ['email', 'ntfy'] });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ channels_dispatched: [], status: 'failed' });
    });
  });

  describe('channel resolution order', () => {
    it('1. a non-empty channels list is used as given and the table is skipped', async () => {
      const before = { mail: smtp.messages.length, ntfy: ntfy.published.length, ha: ha.calls.length };
      const response = await notify({ source_agent: 'backup-agent', title: 't', body: 'b', channels: ['ha_tts'] });
      expect(response.body.channels_dispatched).toEqual(['ha_tts']);
      expect(smtp.messages.length).toBe(before.mail);
      expect(ntfy.published.length).toBe(before.ntfy);
      expect(ha.calls.length).toBe(before.ha + 1);
    });

    it('2. an empty channels list uses the entry for source_agent', async () => {
      const response = await notify({ source_agent: 'deploy-bot', title: 't', body: 'b', channels: [] });
      expect(response.body.channels_dispatched).toEqual(['ntfy', 'ha_tts']);
      const mail = await notify({ source_agent: 'backup-agent', title: 't', body: 'b' });
      expect(mail.body.channels_dispatched).toEqual(['email']);
    });

    it('3. an agent without an entry gets the default entry', async () => {
      const response = await notify({ source_agent: 'unknown-agent', title: 't', body: 'b' });
      expect(response.body.channels_dispatched).toEqual(['ntfy']);
    });
  });

  describe('validation (400 with the validation array)', () => {
    it.each([
      ['a missing source_agent', { title: 't', body: 'b' }, 'Source_agent'],
      ['a missing title', { source_agent: 'a', body: 'b' }, 'Title'],
      ['a missing body', { source_agent: 'a', title: 't' }, 'Body'],
      ['an unknown priority', { source_agent: 'a', title: 't', body: 'b', priority: 'extreme' }, 'Priority'],
      ['a title of the wrong type', { source_agent: 'a', title: 5, body: 'b' }, 'Title'],
      ['channels that are not a list', { source_agent: 'a', title: 't', body: 'b', channels: 'email' }, 'Channels'],
      ['metadata that is not an object', { source_agent: 'a', title: 't', body: 'b', metadata: 'x' }, 'Metadata'],
    ])('rejects %s', async (_name, body, property) => {
      const response = await notify(body).expect(400);
      expect(Array.isArray(response.body)).toBe(true);
      expect(response.body.map((failure: { propertyName: string }) => failure.propertyName)).toContain(property);
    });

    it('rejects an unknown channel name, naming the valid ones', async () => {
      const before = ntfy.requests;
      const response = await notify({ source_agent: 'a', title: 't', body: 'b', channels: ['ntfy', 'sms'] }).expect(
        400,
      );
      expect(response.body[0].propertyName).toBe('Channels');
      expect(response.body[0].errorMessage).toContain('email, ntfy, ha_tts');
      expect(ntfy.requests).toBe(before);
    });
  });

  it('logs the hub events with notification_id, channel and error detail, never a secret', async () => {
    ha.script({ kind: 'status', status: 500 });
    const response = await notify({
      source_agent: 'logger-test',
      title: 't',
      body: 'b',
      channels: ['email', 'ntfy', 'ha_tts'],
    });
    const id = response.body.notification_id as string;
    const events = logs.events(id);
    expect(events.slice(0, 2)).toEqual(['notify.received', 'router.dispatching']);
    expect(events).toEqual(expect.arrayContaining(['email.sent', 'ntfy.sent', 'ha_tts.failed']));
    const failed = logs.entries.find((entry) => entry.notification_id === id && entry.event === 'ha_tts.failed');
    expect(failed).toMatchObject({ channel: 'ha_tts', error: expect.stringContaining('HTTP 500'), status_code: 500 });
    const dispatching = logs.entries.find(
      (entry) => entry.notification_id === id && entry.event === 'router.dispatching',
    );
    expect(dispatching).toMatchObject({ channels: ['email', 'ntfy', 'ha_tts'], resolved_by: 'request' });
    const all = JSON.stringify(logs.entries);
    expect(all).not.toContain(SMTP_PASSWORD);
    expect(all).not.toContain(NTFY_TOKEN);
  });

  it('GET /metrics: notification_hub_up, notifications by status, deliveries by channel and result, durations', async () => {
    const response = await t.anonymous().get('/metrics').expect(200);
    const text = response.text;
    expect(text).toContain('# HELP notification_hub_up Service is running');
    expect(text).toMatch(/^notification_hub_up 1$/m);
    expect(text).toMatch(/^notification_hub_notifications_total\{status="ok"\} [1-9]\d*$/m);
    expect(text).toMatch(/^notification_hub_notifications_total\{status="failed"\} [1-9]\d*$/m);
    expect(text).toMatch(/^notification_hub_deliveries_total\{channel="email",result="sent"\} [1-9]\d*$/m);
    expect(text).toMatch(/^notification_hub_deliveries_total\{channel="ha_tts",result="failed"\} [1-9]\d*$/m);
    expect(text).toMatch(/^notification_hub_delivery_duration_seconds_count\{channel="ntfy"\} [1-9]\d*$/m);
    expect(text).toMatch(/^notification_hub_circuit_state\{channel="email"\} 0$/m);
  });
});
